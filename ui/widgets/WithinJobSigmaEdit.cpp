#include "widgets/WithinJobSigmaEdit.h"

#include "workloads/Generators.h"

namespace mr::ui {

QString withinJobSigmaTip() {
    return QObject::tr(
        "facebook, facebook-1000: each job draws a level and its task times spread around it "
        "with this sigma (of ln ms); the workload's LogNormal stays the paper's. Unset, or from "
        "the paper's sigma (1.6764 maps, 1.6262 reduces) on: every task is drawn on its own.");
}

WithinJobSigmaEdit::WithinJobSigmaEdit(QWidget* parent) : QLineEdit(parent) {
    setObjectName(QStringLiteral("withinJobSigma"));
    setPlaceholderText(tr("unset"));  // the tooltip says what unset means
    setToolTip(withinJobSigmaTip());
    setClearButtonEnabled(true);
}

void WithinJobSigmaEdit::setKind(const QString& kind) {
    setEnabled(takesWithinJobSigma(kind.toStdString()));
}

std::optional<double> WithinJobSigmaEdit::value() const {
    const QString typed = text().trimmed();
    if (!isEnabled() || typed.isEmpty()) {
        return std::nullopt;
    }
    return parseWithinJobSigma(typed.toStdString());
}

void WithinJobSigmaEdit::setValue(std::optional<double> sigma) {
    setText(sigma ? QString::number(*sigma, 'g', 10) : QString());
}

}  // namespace mr::ui
