// FileKind — what a file the user hands us is, from its first bytes, before anything tries to
// load it: a workload, a cost model, a trace one of our importers reads (Rumen job history,
// SWIM), an SLS trace, a folder, or none of these. Opening a trace as a workload then says what
// the file is and offers to import it, instead of a JSON error about a missing "format" field.
#pragma once

#include <string>

namespace mr {

enum class FileKind {
    Missing,     // no such file
    Directory,   // a folder
    Unreadable,  // exists, cannot be read
    Empty,       // nothing in it but white space
    Workload,    // "format": "mrx-workload"
    CostModel,   // "format": "mrx-costmodel"
    Session,     // "format": "mrx-session" (the explorer's variants and view)
    OtherMrx,    // another "format" of ours (a newer file, ...)
    RumenTrace,  // Hadoop Rumen job history: concatenated JSON jobs with jobID / mapTasks
    SwimTrace,   // SWIM workload: tab-separated rows of six columns
    SlsTrace,    // Hadoop SLS native trace ("am.type", "job.tasks") or synthetic-generator input
                 // ("workloads", "job_classes"): not importable
    Unknown,     // anything else (the workload loader then says what is wrong with it)
};

// Reads at most the first 64 KiB of `path`.
FileKind detectFileKind(const std::string& path);
// The same on text already read (the start of a file).
FileKind detectFileKindOfText(const std::string& start);

// "a Rumen job trace (Hadoop job history)", "a folder", ...: completes "FILE is ...".
std::string describeFileKind(FileKind kind);
// The `mrsim import` format for a trace kind ("rumen", "swim"), or empty.
std::string importFormatOf(FileKind kind);

}  // namespace mr
