// BlocksPlottable — labelled rectangles in plot coordinates (the stage blocks of [Verma12]
// Figs. 3 and 6), drawn in one pass with culling; for the stage view and the Johnson stepper.
#pragma once

#include <vector>

#include <qcustomplot.h>

namespace mr::ui {

struct Block {
    double x0, x1, y0, y1;
    QColor colour;
    QString label;
    int job = -1;
};

class BlocksPlottable : public QCPAbstractPlottable {
    Q_OBJECT
public:
    BlocksPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis);
    void setBlocks(std::vector<Block> blocks);
    void setSelectedJob(int job) { m_selectedJob = job; }
    int selectedJob() const { return m_selectedJob; }
    const Block* blockAt(const QPointF& pixel) const;
    const std::vector<Block>& blocks() const { return m_blocks; }

    double selectTest(const QPointF& pos, bool onlySelectable,
                      QVariant* details = nullptr) const override;
    QCPRange getKeyRange(bool& foundRange,
                         QCP::SignDomain inSignDomain = QCP::sdBoth) const override;
    QCPRange getValueRange(bool& foundRange, QCP::SignDomain inSignDomain = QCP::sdBoth,
                           const QCPRange& inKeyRange = QCPRange()) const override;

protected:
    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override;

private:
    std::vector<Block> m_blocks;
    int m_selectedJob = -1;
};

}  // namespace mr::ui
