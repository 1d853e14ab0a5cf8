// JobPalette — one colour per job that stays distinguishable for hundreds of jobs: hues step by
// the golden angle (neighbours in the file are far apart on the colour wheel) over three
// lightness/saturation tiers; map tasks use the job's colour, reduce tasks a lighter shade of it.
// Selection fades every other job, so one job stands out however many there are.
#pragma once

#include <QColor>

namespace mr::ui {

class JobPalette {
public:
    static QColor base(int job);
    static QColor mapShade(int job) { return base(job); }
    static QColor reduceShade(int job);
    // The colour of a job that is not selected while another one is.
    static QColor faded(const QColor& color);
    // Missed deadlines: late jobs' markers and bar frames.
    static QColor late() { return QColor(215, 25, 25); }
    // Text colour that reads on `background`.
    static QColor textOn(const QColor& background);
};

}  // namespace mr::ui
