// FreshSettings — while one lives, every QSettings() of the program starts empty and nothing it
// writes outlives it: `mrx FILE --export-all DIR` and the other exports run with the registry's
// defaults and the file's own choices, never with what an earlier window or export remembered
// (the checked algorithms, run options, palette, ...), and they change nothing a later window
// reads. Made before the window and kept until it is gone.
#pragma once

#include <QSettings>
#include <QTemporaryDir>

namespace mr::ui {

class FreshSettings {
public:
    FreshSettings();
    ~FreshSettings();
    FreshSettings(const FreshSettings&) = delete;
    FreshSettings& operator=(const FreshSettings&) = delete;

private:
    QTemporaryDir m_directory;  // where this run's settings live, removed at the end
    QSettings::Format m_previous;
};

}  // namespace mr::ui
