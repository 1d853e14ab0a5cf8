// HelpController — the Help menu that teaches: Help > Algorithms lists every
// algorithm from the core's catalog (its id, name, one-line description and source — the same
// entries the algorithm list's tooltips and `mrsim algorithms` show, never a second list);
// Help > Guide explains map and reduce stages, the barrier, the two-stage abstraction and where
// it breaks, pools and re-splitting, with links that open the Teach tab at a lesson's step
// ("teach:LESSON/STEP", STEP a number or "end") or another tab ("tab:NAME"). Each tab's short
// "what am I looking at" line is here too.
#pragma once

#include <QObject>
#include <QUrl>
#include <functional>

class QDialog;
class QMenu;
class QWidget;

namespace mr::ui {

class HelpController : public QObject {
    Q_OBJECT
public:
    // `openLesson(lesson, step)` shows the Teach tab at a lesson's step (INT_MAX: its last);
    // `openTab(name)` shows a tab (MainWindow::showTab's names).
    HelpController(QWidget* window, std::function<void(const QString&, int)> openLesson,
                   std::function<bool(const QString&)> openTab);

    void fillMenu(QMenu* help);
    // The dialogs (not modal; one of each, raised when asked again).
    QDialog* showAlgorithms();
    QDialog* showGuide();
    // Follows a Guide link; false for one it does not know.
    bool followLink(const QUrl& link);

    static QString guideHtml();
    // The "what am I looking at" line of a tab (showTab's names; empty when unknown).
    static QString tabHint(const QString& tab);

private:
    QWidget* m_window;
    std::function<void(const QString&, int)> m_openLesson;
    std::function<bool(const QString&)> m_openTab;
    QDialog* m_algorithms = nullptr;
    QDialog* m_guide = nullptr;
};

}  // namespace mr::ui
