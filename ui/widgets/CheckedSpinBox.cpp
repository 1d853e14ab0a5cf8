#include "widgets/CheckedSpinBox.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QLocale>
#include <cmath>

namespace mr::ui {

namespace {

// The number in `text` without prefix, suffix, spaces and group separators.
QString bareNumber(QString text, const QString& prefix, const QString& suffix,
                   const QLocale& locale) {
    text = text.trimmed();
    if (!prefix.isEmpty() && text.startsWith(prefix.trimmed())) {
        text.remove(0, prefix.trimmed().size());
    }
    if (!suffix.isEmpty() && text.endsWith(suffix.trimmed())) {
        text.chop(suffix.trimmed().size());
    }
    text.remove(locale.groupSeparator());
    return text.trimmed();
}

bool isUndoOrRedo(QKeyEvent* key) {
    return key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo) ||
           key->keyCombination() == QKeyCombination(Qt::CTRL, Qt::Key_Y) ||
           key->keyCombination() == QKeyCombination(Qt::CTRL | Qt::SHIFT, Qt::Key_Z);
}

bool isEnter(QKeyEvent* key) {
    return key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
}

template <class Box>
bool hasTyping(const Box* box, const QLineEdit* edit) {
    return edit->text() != box->valueText();
}

template <class Box>
void showValueInForce(Box* box, QLineEdit* edit) {
    edit->setText(box->valueText());
}

QString rangeReason(const QString& field, const QString& typed, const QString& low,
                    const QString& high) {
    return QObject::tr(
               "%1: %2 is outside %3 to %4, the values the simulator takes; the value "
               "stays as it was")
        .arg(field, typed, low, high);
}

// Why `typed` is not a value of a whole-number box of [low, high].
QString intReason(const QString& field, const QString& typed, const QLocale& locale, qlonglong low,
                  qlonglong high) {
    if (typed.isEmpty()) {
        return QObject::tr("%1: a value is needed; the value stays as it was").arg(field);
    }
    bool ok = false;
    const double value = locale.toDouble(typed, &ok);
    if (!ok || !std::isfinite(value)) {
        return QObject::tr("%1: '%2' is not a number; the value stays as it was").arg(field, typed);
    }
    if (value < static_cast<double>(low) || value > static_cast<double>(high)) {
        return rangeReason(field, typed, locale.toString(low), locale.toString(high));
    }
    return QObject::tr("%1: '%2' is not written as a whole number; the value stays as it was")
        .arg(field, typed);
}

}  // namespace

// ---- CheckedSpinBox ----

CheckedSpinBox::CheckedSpinBox(const QString& field, QWidget* parent)
    : QSpinBox(parent), m_field(field) {
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    setKeyboardTracking(false);  // see the header: what is typed counts once entered
}

QValidator::State CheckedSpinBox::validate(QString& text, int&) const {
    if (!specialValueText().isEmpty() && text == specialValueText()) {
        return QValidator::Acceptable;
    }
    const QString bare = bareNumber(text, prefix(), suffix(), locale());
    if (bare.isEmpty() || bare == QLatin1String("-") || bare == QLatin1String("+")) {
        return QValidator::Intermediate;
    }
    bool ok = false;
    const qlonglong value = locale().toLongLong(bare, &ok);
    // Anything else stays as typed ("1e30", "2.5", "12a") and is refused on Enter with its
    // reason: dropping the keys the box cannot take would turn "1e30" into 130, silently.
    return ok && value >= minimum() && value <= maximum() ? QValidator::Acceptable
                                                          : QValidator::Intermediate;
}

void CheckedSpinBox::fixup(QString&) const {
    // Never clamp: an out-of-range value is refused with a reason (commitTyped).
}

bool CheckedSpinBox::commitTyped() {
    QString text = lineEdit()->text();
    int pos = 0;
    if (validate(text, pos) == QValidator::Acceptable) {
        interpretText();
        return true;
    }
    if (!hasTyping(this, lineEdit())) {
        return true;
    }
    const QString typed = bareNumber(text, prefix(), suffix(), locale());
    emit rejected(intReason(m_field, typed, locale(), minimum(), maximum()));
    showValueInForce(this, lineEdit());
    return false;
}

void CheckedSpinBox::stepBy(int steps) {
    m_stepping = true;
    QSpinBox::stepBy(steps);
    m_stepping = false;
}

bool CheckedSpinBox::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (isUndoOrRedo(key) && !hasTyping(this, lineEdit())) {
            event->ignore();  // the window's Edit > Undo / Redo: the document edit
            return true;
        }
    }
    return QSpinBox::event(event);
}

void CheckedSpinBox::keyPressEvent(QKeyEvent* event) {
    if (isEnter(event)) {
        commitTyped();
    }
    QSpinBox::keyPressEvent(event);
}

void CheckedSpinBox::focusOutEvent(QFocusEvent* event) {
    commitTyped();
    QSpinBox::focusOutEvent(event);
}

// ---- CheckedDoubleSpinBox ----

CheckedDoubleSpinBox::CheckedDoubleSpinBox(const QString& field, QWidget* parent)
    : QDoubleSpinBox(parent), m_field(field) {
    setCorrectionMode(QAbstractSpinBox::CorrectToPreviousValue);
    setKeyboardTracking(false);
}

QValidator::State CheckedDoubleSpinBox::validate(QString& text, int&) const {
    if (!specialValueText().isEmpty() && text == specialValueText()) {
        return QValidator::Acceptable;
    }
    const QString bare = bareNumber(text, prefix(), suffix(), locale());
    if (bare.isEmpty() || bare == QLatin1String("-") || bare == QLatin1String("+") ||
        bare.endsWith(locale().decimalPoint())) {
        return QValidator::Intermediate;
    }
    bool ok = false;
    const double value = locale().toDouble(bare, &ok);
    if (!ok || !std::isfinite(value)) {
        return QValidator::Intermediate;  // kept as typed ("1e"), refused with a reason
    }
    // More decimals than the box keeps would be rounded away: not silently.
    const qsizetype point = bare.indexOf(locale().decimalPoint());
    if (point >= 0 && bare.size() - point - 1 > decimals()) {
        return QValidator::Intermediate;
    }
    return value >= minimum() && value <= maximum() ? QValidator::Acceptable
                                                    : QValidator::Intermediate;
}

void CheckedDoubleSpinBox::fixup(QString&) const {}

bool CheckedDoubleSpinBox::commitTyped() {
    QString text = lineEdit()->text();
    int pos = 0;
    if (validate(text, pos) == QValidator::Acceptable) {
        interpretText();
        return true;
    }
    if (!hasTyping(this, lineEdit())) {
        return true;
    }
    const QString typed = bareNumber(text, prefix(), suffix(), locale());
    bool ok = false;
    const double value = locale().toDouble(typed, &ok);
    QString reason;
    if (typed.isEmpty() || !ok || !std::isfinite(value)) {
        reason = tr("%1: '%2' is not a number; the value stays as it was").arg(m_field, typed);
    } else if (value >= minimum() && value <= maximum()) {
        reason = tr("%1: %2 has more than %3 decimals; the value stays as it was")
                     .arg(m_field, typed)
                     .arg(decimals());
    } else {
        reason = rangeReason(m_field, typed, locale().toString(minimum(), 'g', 12),
                             locale().toString(maximum(), 'g', 12));
    }
    emit rejected(reason);
    showValueInForce(this, lineEdit());
    return false;
}

bool CheckedDoubleSpinBox::event(QEvent* event) {
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (isUndoOrRedo(key) && !hasTyping(this, lineEdit())) {
            event->ignore();
            return true;
        }
    }
    return QDoubleSpinBox::event(event);
}

void CheckedDoubleSpinBox::keyPressEvent(QKeyEvent* event) {
    if (isEnter(event)) {
        commitTyped();
    }
    QDoubleSpinBox::keyPressEvent(event);
}

void CheckedDoubleSpinBox::focusOutEvent(QFocusEvent* event) {
    commitTyped();
    QDoubleSpinBox::focusOutEvent(event);
}

}  // namespace mr::ui
