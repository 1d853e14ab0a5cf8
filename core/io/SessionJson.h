// SessionJson — load and save "mrx-session" version 1 files (docs/formats.md, "Session file"): the
// variants, the workload being edited, their algorithms and run options, and the view (tab,
// zoom, Teach step, highlighted job, reference variant). Every workload inside is a complete
// "mrx-workload" document, read by the workload loader, so a session is as strict as a
// workload file. Loading is strict: an unknown key, an unknown algorithm, a repeated variant
// name, a highlighted job that does not exist... is one InputError naming the file, the job
// where there is one, and the field's path ("variants[2].workload.maps").
#pragma once

#include <string>

#include "experiments/Session.h"
#include "io/WorkloadJson.h"

namespace mr {

inline constexpr const char* kSessionFormat = "mrx-session";
inline constexpr int kSessionVersion = 1;
// The file name extension sessions are saved with.
inline constexpr const char* kSessionExtension = ".mrxs";

// `source` names the text in error messages (usually the file path). `report` collects the
// embedded workloads' warnings (unknown job fields kept for the round trip).
Session parseSession(const std::string& text, const std::string& source,
                     LoadReport* report = nullptr);
Session loadSession(const std::string& path, LoadReport* report = nullptr);

// The canonical text: one key per line down to the workloads, which are written as their own
// files are (one job per line). parseSession(serializeSession(s)) == s. Throws InputError when
// `session` holds something loading refuses (checked as parseSession would).
std::string serializeSession(const Session& session, const std::string& path = {});
// Atomic (AtomicFileWriter): the old file or the new one, never a torn mix.
void saveSession(const Session& session, const std::string& path);

}  // namespace mr
