// ElidedLabel — a one-line label that takes whatever width its layout gives it: a text longer
// than that is shown shortened with "…" (the whole text in its tooltip), so it never pushes into
// or under the widgets beside it.
#pragma once

#include <QLabel>

namespace mr::ui {

class ElidedLabel : public QLabel {
public:
    explicit ElidedLabel(QWidget* parent = nullptr);

    // The whole text; what is shown is this, shortened to the label's width when needed.
    void setFullText(const QString& text);
    const QString& fullText() const { return m_full; }
    // Whether the text shown is shortened.
    bool isElided() const { return text() != m_full; }
    // The tooltip shown when the text is not shortened (a shortened one shows the whole text).
    void setPlainToolTip(const QString& tip);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void elide();

    QString m_full;
    QString m_tip;
};

}  // namespace mr::ui
