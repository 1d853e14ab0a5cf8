// JobLegend — the legend under a chart: what the two shades mean (a dark and a light sample
// square: map and reduce), then each job's colour pair and name, wrapped over up to three lines as
// the width allows, then "+N more" (the job table in the window is the full legend).
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

    static constexpr int kMaxLines = 3;

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    struct Item {
        int job;  // -1: the map/reduce key
        int line;
        int x;
        int width;
        int more;  // with job -2: the jobs not shown
    };
    // Items placed from the left edge of a `width`-pixel line, wrapping; the last may be the
    // "+N more" note (job -2).
    std::vector<Item> place(int width, const QFontMetrics& metrics) const;
    int availableWidth() const;

    QStringList m_names;
    JobColours m_colours;
};

}  // namespace mr::ui
