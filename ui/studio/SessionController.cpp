#include "studio/SessionController.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QTextStream>

#include "charts/GanttPanel.h"
#include "document/WorkloadDocument.h"
#include "io/SessionJson.h"
#include "model/InputError.h"
#include "studio/StudioWindow.h"
#include "studio/VariantStore.h"
#include "teach/TeachTab.h"
#include "widgets/AlgorithmList.h"
#include "widgets/RunOptionsPanel.h"
#include "widgets/SaveTarget.h"

namespace mr::ui {

namespace {
const char* kSessionFilter = "Explorer sessions (*.mrxs);;All files (*)";

QStringList toQt(const std::vector<std::string>& ids) {
    QStringList out;
    for (const std::string& id : ids) {
        out << QString::fromStdString(id);
    }
    return out;
}

std::vector<std::string> toStd(const QStringList& ids) {
    std::vector<std::string> out;
    for (const QString& id : ids) {
        out.push_back(id.toStdString());
    }
    return out;
}
}  // namespace

SessionController::SessionController(StudioWindow* window, VariantStore* variants, QObject* parent)
    : QObject(parent), m_window(window), m_variants(variants) {}

void SessionController::fillMenu(QMenu* file) {
    file->addAction(tr("Open s&ession…"), this,
                    [this] {
                        const QString path = QFileDialog::getOpenFileName(
                            m_window->dialogParent(), tr("Open a session"),
                            QSettings().value("sessions/dir").toString(), tr(kSessionFilter));
                        if (!path.isEmpty()) {
                            m_window->openFile(path);  // remembered as recent
                        }
                    })
        ->setObjectName(QStringLiteral("fileOpenSession"));
    file->addAction(tr("Save sessio&n"), this, [this] { save(); })
        ->setObjectName(QStringLiteral("fileSaveSession"));
    file->addAction(tr("Save session as…"), this, [this] { saveAs(); })
        ->setObjectName(QStringLiteral("fileSaveSessionAs"));
}

Session SessionController::capture() const {
    Session s;
    s.current.workload = m_window->document()->workload();
    s.current.algorithms = toStd(m_window->algorithmList()->checkedIds());
    s.current.options = m_window->runOptionsPanel()->options();
    s.variants = m_variants->variants();
    s.view.tab = m_window->currentTabName().toStdString();
    s.view.teachLesson = m_window->teachTab()->lesson().toStdString();
    s.view.teachStep = m_window->teachTab()->step();
    if (const auto range = m_window->ganttPanel()->timeRange()) {
        s.view.timeRange = std::array<double, 2>{range->first, range->second};
    }
    if (const auto range = m_window->ganttPanel()->slotRange()) {
        s.view.slotRange = std::array<double, 2>{range->first, range->second};
    }
    const int job = m_window->selectedJob();
    if (job >= 0 && job < s.current.workload.jobCount()) {
        s.view.highlightedJob = s.current.workload.jobs[static_cast<std::size_t>(job)].name;
    }
    s.view.referenceVariant = m_variants->reference().toStdString();
    s.view.jobColours = m_window->document()->jobColours().slotOfJob();
    return s;
}

bool SessionController::apply(const Session& s) {
    if (!m_window->confirmLeave()) {
        return false;
    }
    // Algorithms and options first: the document's reset then runs them on the new workload.
    m_window->algorithmList()->setChecked(toQt(s.current.algorithms));
    m_window->runOptionsPanel()->setOptions(s.current.options);
    m_window->document()->reset(s.current.workload, QString(), s.view.jobColours);
    m_variants->setVariants(s.variants, QString::fromStdString(s.view.referenceVariant));
    m_window->showTab(QString::fromStdString(s.view.tab));  // empty: the first tab
    m_window->teachTab()->setLesson(QString::fromStdString(s.view.teachLesson));  // empty: first
    m_window->teachTab()->restoreStep(s.view.teachStep);
    GanttPanel* timelines = m_window->ganttPanel();
    timelines->fitAll();
    if (s.view.timeRange) {
        timelines->setTimeRange((*s.view.timeRange)[0], (*s.view.timeRange)[1]);
    }
    if (s.view.slotRange) {
        timelines->setSlotRange((*s.view.slotRange)[0], (*s.view.slotRange)[1]);
    }
    const auto job = s.current.workload.findJob(s.view.highlightedJob);
    m_window->selectJob(job ? *job : -1);
    return true;
}

bool SessionController::open(const QString& path) {
    Session session;
    try {
        session = loadSession(path.toStdString());
    } catch (const InputError& e) {
        showError(tr("Cannot open the session"), QString::fromStdString(e.what()));
        return false;
    }
    if (!apply(session)) {
        return false;
    }
    m_path = path;
    QSettings().setValue("sessions/dir", QFileInfo(path).absolutePath());
    emit statusMessage(
        tr("Opened session %1: %n variant(s)", nullptr, static_cast<int>(session.variants.size()))
            .arg(QFileInfo(path).fileName()));
    return true;
}

bool SessionController::save() {
    return saveAs(m_path);
}

void SessionController::close() {
    if (m_variants->count() > 0) {
        m_variants->setVariants({});
    }
    m_variants->setSaved();
    m_path.clear();
}

bool SessionController::hasUnsavedVariants() const {
    // Keeping a variant and removing it again leaves nothing to save without a session file.
    return m_variants->isModified() && (m_variants->count() > 0 || !m_path.isEmpty());
}

bool SessionController::saveAs(const QString& given) {
    QString path = given;
    if (path.isEmpty()) {
        path = askSavePath(m_window->dialogParent(), tr("Save the session"),
                           QSettings().value("sessions/dir").toString(), tr(kSessionFilter),
                           QString::fromLatin1(kSessionExtension));
        if (path.isEmpty()) {
            return false;
        }
    }
    try {
        saveSession(capture(), path.toStdString());
    } catch (const InputError& e) {
        showError(tr("Cannot save the session"), QString::fromStdString(e.what()));
        return false;
    }
    m_path = path;
    m_variants->setSaved();
    m_window->document()->markSaved();  // the session holds the workload as it is now
    QSettings().setValue("sessions/dir", QFileInfo(path).absolutePath());
    emit statusMessage(tr("Saved session %1").arg(QFileInfo(path).fileName()));
    return true;
}

void SessionController::showError(const QString& title, const QString& text) {
    m_window->showError(title, text);  // as every file's error is shown
    emit statusMessage(text);
}

}  // namespace mr::ui
