// JobLegend — the legend under a chart: what the two shades mean (a dark and a light sample
// square: map and reduce), then each job's colour pair and name, wrapped over up to three lines as
// the width allows, then "+N more" (the job table in the window is the full legend). Under a
// scenario the key also explains the marks the run has: failed attempts (cross-hatched), other
// stopped attempts (hatched), speculative copies (dashed frame), a down node's rows (grey).
#pragma once

#include <qcustomplot.h>
#include <QStringList>

#include "document/JobPalette.h"

namespace mr::ui {

class JobLegend : public QCPLayoutElement {
    Q_OBJECT
public:
    explicit JobLegend(QCustomPlot* plot);
    void setJobs(const QStringList& names, const JobColours& colours = {}) {
        m_names = names;
        m_colours = colours;
    }
    // How many jobs a legend `width` pixels wide shows, and on how many lines (tests).
    struct Fit {
        int jobs = 0;
        int lines = 1;
    };
    Fit fit(int width) const;

    // The marks of stopped and speculative attempts and of down nodes to explain (none: no key).
    struct AttemptKey {
        bool failed = false;
        bool killed = false;
        bool speculative = false;
        bool nodeDown = false;
        bool any() const { return failed || killed || speculative || nodeDown; }
    };
    void setAttemptKey(AttemptKey key) { m_attemptKey = key; }
    // The key's texts in order ("failed", ...), as drawn.
    QStringList attemptKeyTexts() const;

    static constexpr int kMaxLines = 3;

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    struct Item {
        int job;  // -1: the map/reduce key, -3: the attempt key
        int line;
        int x;
        int width;
        int more;  // with job -2: the jobs not shown
    };
    // Items placed from the left edge of a `width`-pixel line, wrapping; the last may be the
    // "+N more" note (job -2).
    std::vector<Item> place(int width, const QFontMetrics& metrics) const;
    int availableWidth() const;
    int attemptKeyWidth(const QFontMetrics& metrics) const;
    void drawAttemptKey(QCPPainter* painter, const QFontMetrics& metrics, int x, int y) const;

    QStringList m_names;
    JobColours m_colours;
    AttemptKey m_attemptKey;
};

}  // namespace mr::ui
