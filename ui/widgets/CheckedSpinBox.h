// CheckedSpinBox, CheckedDoubleSpinBox — spin boxes that never change a value silently.
// A plain QSpinBox clamps what is typed to its range, or quietly puts the previous value back; a
// value out of range here stays visible while typed, and on Enter or leaving the box it is
// refused with a reason (rejected()), naming the field and the range, and the box shows the
// value in force again. What is typed counts once entered (Enter, leaving the box), never a part
// of it on the way ("1e3" while typing "1e30"). Ranges are the ones the core accepts (the caller
// sets them from core's limits). Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) go to the window's Edit > Undo
// / Redo — the document edit the box made — unless there is typing to take back first.
#pragma once

#include <QDoubleSpinBox>
#include <QSpinBox>

namespace mr::ui {

class CheckedSpinBox : public QSpinBox {
    Q_OBJECT
public:
    // `field` names the value in messages ("Nodes").
    explicit CheckedSpinBox(const QString& field, QWidget* parent = nullptr);

    QString field() const { return m_field; }
    // The text the box shows for the value in force.
    QString valueText() const {
        return !specialValueText().isEmpty() && value() == minimum()
                   ? specialValueText()
                   : prefix() + textFromValue(value()) + suffix();
    }
    // Takes the typed text now (Save does this): true if it is in force (accepted, or nothing was
    // typed); false if it was refused (rejected() says why; the previous value is back).
    bool commitTyped();
    // True while the value changes by a step (arrow keys, the buttons, the wheel), not typing:
    // the document merges consecutive steps into one undo step.
    bool isStepping() const { return m_stepping; }
    void stepBy(int steps) override;

signals:
    void rejected(const QString& reason);

protected:
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& text) const override;
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    QString m_field;
    bool m_stepping = false;
};

class CheckedDoubleSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit CheckedDoubleSpinBox(const QString& field, QWidget* parent = nullptr);

    QString field() const { return m_field; }
    QString valueText() const {
        return !specialValueText().isEmpty() && value() == minimum()
                   ? specialValueText()
                   : prefix() + textFromValue(value()) + suffix();
    }
    bool commitTyped();

signals:
    void rejected(const QString& reason);

protected:
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& text) const override;
    bool event(QEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    QString m_field;
};

}  // namespace mr::ui
