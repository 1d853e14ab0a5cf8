// JobPalette — the colour of every job in every chart and in the job table.
// A job's colour is a function of its *colour slot*, a number the document gives the job when it
// comes into being (loaded, added, duplicated) and that stays with it for its whole life: renaming,
// editing, dragging the row, adding or removing other jobs never changes it (JobColours maps the
// rows of one workload snapshot to their slots). Slots, not rows, pick the colour, so no edit of
// one job recolours another.
// Two schemes: the standard one steps hues by the golden angle (slots given one after another are
// far apart on the colour wheel) over three lightness/saturation tiers; the colour-blind-safe one
// is Paul Tol's "muted" qualitative scheme (distinguishable under the common colour-vision
// deficiencies), repeated in lighter and darker tiers beyond nine jobs. The scheme is an
// application-wide setting (View menu), remembered between sessions.
// Map tasks use the job's colour, reduce tasks a lighter shade of it. Selection fades every other
// job, so one job stands out however many there are.
#pragma once

#include <QColor>
#include <QObject>
#include <vector>

namespace mr::ui {

class JobPalette {
public:
    enum class Scheme { Standard, ColourBlindSafe };

    static Scheme scheme();
    // Sets the scheme for every chart drawn from now on and remembers it (QSettings
    // "view/palette"); views redraw on JobPaletteNotifier::schemeChanged.
    static void setScheme(Scheme scheme);

    static QColor base(int slot);
    static QColor mapShade(int slot) { return base(slot); }
    static QColor reduceShade(int slot);
    // The colour of a job that is not selected while another one is.
    static QColor faded(const QColor& color);
    // The outline around the selected job's bars: dark on light colours, light on dark ones, so
    // that a selected job on rows a few pixels high stays its own colour, not a black smear.
    static QColor selectedOutline(const QColor& fill);
    // Missed deadlines: late jobs' markers and bar frames.
    static QColor late() { return QColor(215, 25, 25); }
    // Text colour that reads on `background`.
    static QColor textOn(const QColor& background);
};

// Emits schemeChanged() after JobPalette::setScheme changed the scheme.
class JobPaletteNotifier : public QObject {
    Q_OBJECT
public:
    static JobPaletteNotifier* instance();

signals:
    void schemeChanged();
};

// The colour slot of each job (row) of one workload snapshot. Default: job i has slot i — what a
// freshly loaded workload gets, and what views without a document (headless exports) use.
class JobColours {
public:
    JobColours() = default;
    explicit JobColours(std::vector<int> slotOfJob) : m_slots(std::move(slotOfJob)) {}

    int slot(int job) const {
        return job >= 0 && static_cast<std::size_t>(job) < m_slots.size()
                   ? m_slots[static_cast<std::size_t>(job)]
                   : job;
    }
    QColor base(int job) const { return JobPalette::base(slot(job)); }
    QColor mapShade(int job) const { return JobPalette::mapShade(slot(job)); }
    QColor reduceShade(int job) const { return JobPalette::reduceShade(slot(job)); }
    const std::vector<int>& slotOfJob() const { return m_slots; }

    bool operator==(const JobColours&) const = default;

private:
    std::vector<int> m_slots;
};

}  // namespace mr::ui
