// JobLegend — a one-line legend under a chart: each job's colour and name (map shade, reduce
// shade), as many as fit, then "+N more"; the job table in the window is the full legend.
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

protected:
    void draw(QCPPainter* painter) override;
    QSize minimumOuterSizeHint() const override;

private:
    QStringList m_names;
    JobColours m_colours;
};

}  // namespace mr::ui
