#include "charts/CategoryAxis.h"

#include <qcustomplot.h>
#include <cmath>

#include "charts/TextFit.h"

namespace mr::ui {

namespace {

constexpr int kGap = 6;           // pixels between two labels
constexpr int kMinUpright = 120;  // an upright name may be this long whatever the plot's height
const char* const kObjectName = "mrx-category-labels";

// The names of one axis and the fitting of them after each layout; a child of the axis, so it
// goes with it.
class CategoryLabels : public QObject {
public:
    CategoryLabels(QCPAxis* axis, QVector<double> keys, QStringList names)
        : QObject(axis), m_axis(axis), m_keys(std::move(keys)), m_names(std::move(names)) {
        setObjectName(QLatin1String(kObjectName));
        connect(axis->parentPlot(), &QCustomPlot::afterLayout, this, [this] {
            if (fit()) {
                m_axis->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
            }
        });
    }

    // Sets the ticker and rotation that fit the axis' length now; true if they changed.
    bool fit() {
        const QFont font = m_axis->tickLabelFont();
        const QFontMetricsF metrics(font);
        int widest = 0;
        for (const QString& name : m_names) {
            widest = std::max(widest, static_cast<int>(std::ceil(metrics.horizontalAdvance(name))));
        }
        double spacing = m_axis->axisRect()->width();
        for (int i = 1; i < m_keys.size(); ++i) {
            spacing = std::min(spacing, std::abs(m_axis->coordToPixel(m_keys[i]) -
                                                 m_axis->coordToPixel(m_keys[i - 1])));
        }
        if (!(spacing > 0)) {
            spacing = 1.0;  // before the first layout: the next one fits again
        }
        const CategoryFit f = fitCategories(widest, static_cast<int>(std::ceil(metrics.height())),
                                            spacing, m_axis->parentPlot()->viewport().height());
        QMap<double, QString> ticks;
        for (int i = 0; i < m_keys.size() && i < m_names.size(); i += f.every) {
            ticks.insert(m_keys[i], fitText(font, m_names[i], f.maxWidth));
        }
        const auto current = m_axis->ticker().dynamicCast<QCPAxisTickerText>();
        if (current && current->ticks() == ticks && m_axis->tickLabelRotation() == f.rotation) {
            return false;
        }
        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        ticker->setTicks(ticks);
        m_axis->setTicker(ticker);
        m_axis->setTickLabelRotation(f.rotation);
        return true;
    }

private:
    QCPAxis* m_axis;
    QVector<double> m_keys;
    QStringList m_names;
};

}  // namespace

CategoryFit fitCategories(int widest, int height, double spacing, int plotHeight) {
    CategoryFit f;
    if (widest + kGap <= spacing) {
        f.maxWidth = static_cast<int>(spacing) - kGap;  // the room there is: no name is cut
        return f;                                       // level
    }
    // Upright: a name may take up to a third of the plot's height, at least 120 px (the
    // registry's longest ids, "online-hscheduler", are about that).
    f.rotation = 90.0;
    f.maxWidth = std::min(widest, std::max(kMinUpright, plotHeight / 3));
    f.every = std::max(1, static_cast<int>(std::ceil((height + 2.0) / spacing)));
    return f;
}

void useCategoryLabels(QCPAxis* axis, const QVector<double>& keys, const QStringList& names) {
    delete axis->findChild<QObject*>(QLatin1String(kObjectName), Qt::FindDirectChildrenOnly);
    auto* labels = new CategoryLabels(axis, keys, names);
    labels->fit();
}

}  // namespace mr::ui
