// DialogDriver — answers the modal dialogs an action opens, as a person would, so that tests can
// go through the real menus: message boxes get a chosen button (their texts are recorded), file
// dialogs a chosen path, and any other dialog (generator, import, export plan) is accepted after
// an optional hook has set it up. While the action runs, a zero-interval timer looks for the
// active modal dialog; nothing waits for a time.
#pragma once

#include <QApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTimer>
#include <functional>

namespace mr::ui::test {

class DialogDriver {
public:
    // The button for every message box (one that lacks it gets its default or escape button).
    QMessageBox::StandardButton answer = QMessageBox::Ok;
    // The path every file dialog is given.
    QString file;
    // Called with every other dialog before it is accepted; return false to reject it instead.
    std::function<bool(QDialog*)> onDialog;

    QStringList boxTexts;   // text of each message box answered, in order
    QStringList boxTitles;  // their window titles
    int fileDialogs = 0;
    int otherDialogs = 0;
    // Dialogs that stayed open after being answered (an accept() the dialog refused): rejected
    // after many event-loop turns so that a test fails instead of hanging.
    QStringList stuck;

    // Runs `action`, answering every modal dialog it opens.
    template <class Action>
    void run(Action action) {
        QTimer timer;
        timer.setInterval(0);
        QObject::connect(&timer, &QTimer::timeout, [this] { handle(); });
        timer.start();
        action();
        timer.stop();
    }

    int boxesTitled(const QString& title) const { return boxTitles.count(title); }

private:
    void handle() {
        QWidget* modal = QApplication::activeModalWidget();
        if (modal == nullptr || !modal->isVisible()) {
            return;
        }
        if (m_handled.contains(modal)) {
            if (++m_turns > kPatience) {
                stuck << modal->windowTitle();
                if (auto* dialog = qobject_cast<QDialog*>(modal)) {
                    dialog->reject();
                }
            }
            return;
        }
        m_turns = 0;
        m_handled << modal;
        if (auto* box = qobject_cast<QMessageBox*>(modal)) {
            boxTexts << box->text() + (box->informativeText().isEmpty()
                                           ? QString()
                                           : QLatin1Char('\n') + box->informativeText());
            boxTitles << box->windowTitle();
            QAbstractButton* button = box->button(answer);
            if (button == nullptr) {
                button = box->defaultButton() ? box->defaultButton() : box->escapeButton();
            }
            if (button != nullptr) {
                button->click();
            } else {
                box->accept();
            }
        } else if (auto* dialog = qobject_cast<QFileDialog*>(modal)) {
            ++fileDialogs;
            if (file.isEmpty()) {
                dialog->reject();
            } else {
                dialog->selectFile(file);
                acceptLater(dialog);
            }
        } else if (auto* dialog = qobject_cast<QDialog*>(modal)) {
            ++otherDialogs;
            if (!onDialog || onDialog(dialog)) {
                acceptLater(dialog);
            } else {
                dialog->reject();
            }
        }
    }

    // Accepted from the event loop, not from this timer's slot: an accept() that asks a question
    // of its own (a file about to be replaced) gets it answered, as Qt never runs a timer's slot
    // again while it is still running.
    static void acceptLater(QDialog* dialog) {
        QTimer::singleShot(0, dialog, [dialog] { dialog->accept(); });  // virtual: the dialog's
    }

    static constexpr int kPatience = 20000;
    QList<QPointer<QWidget>> m_handled;  // a deleted dialog's entry becomes null
    int m_turns = 0;
};

}  // namespace mr::ui::test
