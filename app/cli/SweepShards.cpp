#include "cli/SweepShards.h"

#include <sys/stat.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <tuple>
#include <utility>

#include "cost/CostFormat.h"
#include "experiments/SweepPoints.h"
#include "io/FaultSweepFormat.h"
#include "io/LoadSweepFormat.h"
#include "io/SweepFormat.h"
#include "model/InputError.h"

namespace mr::cli {

void FormatFlags::addTo(CLI::App& command) {
    auto* j = command.add_flag("--json", json, "Print JSON");
    command.add_flag("--csv", csv, "Print CSV")->excludes(j);
}

OutputFormat FormatFlags::format() const {
    return json ? OutputFormat::Json : csv ? OutputFormat::Csv : OutputFormat::Text;
}

void ShardOptions::addTo(CLI::App& command) {
    auto* shardOption =
        command
            .add_option_function<std::string>(
                "--shard",
                [this](const std::string& text) {
                    parseShard(text);  // refuses "" too, which would mean no shard
                    shard = text;
                },
                "Compute only shard I of N (0-based): a contiguous block of the points; "
                "writes JSON lines (see mrsim merge)")
            ->type_name("I/N");
    command.add_flag("--list-points", listPoints,
                     "Print the points (of the shard) as JSON lines without computing them");
    command
        .add_option("--resume", resume,
                    "Skip the points already in this JSON-lines PART (and append to it "
                    "unless -o names another file)")
        ->type_name("PART");
    command
        .add_option("--done", done,
                    "Skip the points already in these parts too (read only; any shard layout of "
                    "this sweep: points are global indices), e.g. the parts of an earlier run "
                    "with another shard count (repeat it for several parts)")
        ->allow_extra_args(false)
        ->type_name("PART");
    command
        .add_option("-o,--output", output,
                    "Write the points' JSON lines to FILE as they finish (a killed run keeps "
                    "them; continue it with --resume FILE)")
        ->type_name("FILE");
    command.add_flag("--force", force, "Run even when the work is above one machine's cap");
    command
        .add_flag("--exit-with-parent", exitWithParent,
                  "End (SIGTERM) when the process that started mrsim ends, so that no shard "
                  "outlives a killed GNU parallel or Slurm step (what the recipes pass; Linux)")
        ->needs(shardOption);
}

bool ShardOptions::pointsMode() const {
    return !shard.empty() || listPoints || !resume.empty() || !done.empty() || !output.empty();
}

std::string sweepProgram() {
    return "mrsim " MRX_VERSION;
}

namespace {

bool sameFile(const std::string& a, const std::string& b) {
    std::error_code error;
    if (std::filesystem::exists(a, error) && std::filesystem::exists(b, error)) {
        return std::filesystem::equivalent(a, b, error);
    }
    return std::filesystem::absolute(a, error).lexically_normal() ==
           std::filesystem::absolute(b, error).lexically_normal();
}

// Asks the kernel to end this process (SIGTERM) when its parent ends (Linux): a shard started
// by GNU parallel or the recipe's script does not outlive them as an orphan still appending to
// its part. Elsewhere a no-op (the part's lock still keeps a rerun from writing beside it).
void endWithParent() {
#ifdef __linux__
    const pid_t parent = ::getppid();
    if (::prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) {
        throw InputError("", "", "exit-with-parent",
                         std::string("cannot ask to end with the parent: ") + std::strerror(errno));
    }
    if (::getppid() != parent) {  // the parent ended before the request took effect
        ::raise(SIGTERM);
    }
#endif
}

}  // namespace

namespace {

// The points already done, from --resume's part and the --done parts (all of this very sweep);
// each part is read on its own, so that an error names its file.
struct DonePoints {
    std::vector<std::size_t> indices;
    bool resumedHasHeader = false;
    std::size_t resumedInRange = 0;  // of this shard's points, how many --resume's part holds
};

DonePoints readDonePoints(const ShardOptions& options, const PointsJob& job,
                          const PointRange& range) {
    DonePoints done;
    const auto read = [&](const std::string& path, bool missingIsEmpty) {
        PartsCallbacks callbacks;
        callbacks.header = [&](const SweepHeader& h) {
            if (h.revisions != job.header.revisions) {
                throw InputError(path, "", "revisions",
                                 "holds points computed by " + describeRevisions(h.revisions) +
                                     "; this mrsim is " + describeRevisions(job.header.revisions) +
                                     ": compute the shard again into a new part");
            }
            if (h.fingerprint != job.header.fingerprint) {
                throw InputError(path, "", "fingerprint",
                                 "holds points of another sweep (" + h.command + " " +
                                     h.fingerprint + ", this one is " + job.header.command + " " +
                                     job.header.fingerprint + ")");
            }
        };
        const PartsReport report = readSweepParts({path}, callbacks, missingIsEmpty);
        std::size_t inRange = 0;
        for (std::size_t i = 0; i < report.seen.size(); ++i) {
            if (report.seen[i] > 0) {
                done.indices.push_back(i);
                inRange += i >= range.begin && i < range.end ? 1 : 0;
            }
        }
        return std::pair{report.header.has_value(), inRange};
    };
    if (!options.resume.empty()) {
        std::tie(done.resumedHasHeader, done.resumedInRange) = read(options.resume, true);
    }
    for (const std::string& path : options.done) {
        read(path, false);
    }
    return done;
}

// "mrsim: sweep shard 1/4: computed 3 of its 5 points (indices 5-9 of 20), 2 were in p.jsonl"
void reportShard(const ShardOptions& options, const PointsJob& job, const Shard& shard,
                 const PointRange& range, std::size_t computed, std::size_t resumedInRange,
                 std::ostream& err) {
    err << "mrsim: " << job.header.command << " shard " << shard.index << "/" << shard.count;
    if (range.end == range.begin) {  // more shards than points
        err << ": no points in this shard (the sweep has " << job.header.points << " points)\n";
        return;
    }
    err << ": computed " << computed << " of its " << (range.end - range.begin)
        << " points (indices " << range.begin << "-" << range.end - 1 << " of " << job.header.points
        << ")";
    const std::size_t skipped = range.end - range.begin - computed;
    if (skipped > 0) {
        // "were in p.jsonl", "were in p.jsonl or 3 earlier parts", "were in 3 earlier parts"
        std::string where = resumedInRange > 0 ? options.resume : std::string();
        if (resumedInRange < skipped) {
            where += (where.empty() ? "" : " or ") + std::to_string(options.done.size()) +
                     " earlier part" + (options.done.size() == 1 ? "" : "s");
        }
        err << ", " << skipped << " were in " << where;
    }
    err << "\n";
}

}  // namespace

void runPointsJob(const ShardOptions& options, const PointsJob& job, std::ostream& out,
                  std::ostream& err) {
    if (options.exitWithParent) {
        endWithParent();
    }
    const Shard shard = options.shard.empty() ? Shard{} : parseShard(options.shard);
    const PointRange range = shardRange(job.header.points, shard);

    // The part appended to is locked before it is read: a second writer of it (an orphaned
    // shard still running, say) is refused instead of computing the same points again.
    const bool appendToResumed =
        !options.resume.empty() &&
        (options.output.empty() || sameFile(options.output, options.resume));
    std::unique_ptr<PartWriter> writer;
    if (appendToResumed && !options.listPoints) {
        writer = std::make_unique<PartWriter>(options.resume, true);
    }
    const DonePoints done = readDonePoints(options, job, range);
    const std::vector<std::size_t> indices = pointsToRun(range, done.indices);

    if (options.listPoints) {
        for (std::size_t i : indices) {
            out << pointLine(job.header, i, job.arguments(i));
        }
        return;
    }
    job.checkWork(indices, options.force);

    if (!writer) {
        writer = options.output.empty() ? std::make_unique<PartWriter>(out)
                                        : std::make_unique<PartWriter>(options.output, false);
    }
    if (!(appendToResumed && done.resumedHasHeader)) {
        writer->write(headerLine(job.header));
    }
    job.run(indices, [&](std::size_t index, const nlohmann::ordered_json& fields) {
        writer->write(pointLine(job.header, index, fields));
    });
    reportShard(options, job, shard, range, indices.size(), done.resumedInRange, err);
}

namespace {

template <class Json, class Csv, class Text>
std::string formatted(OutputFormat format, const Json& json, const Csv& csv, const Text& text) {
    switch (format) {
        case OutputFormat::Json:
            return json().dump(2) + "\n";
        case OutputFormat::Csv:
            return csv();
        case OutputFormat::Text:
            break;
    }
    return text();
}

}  // namespace

std::string sweepOutput(const SweepResult& result, OutputFormat format) {
    return formatted(
        format, [&] { return sweepJson(result); }, [&] { return sweepCsv(result); },
        [&] { return sweepText(result); });
}

std::string loadSweepOutput(const LoadSweepResult& result, OutputFormat format) {
    return formatted(
        format, [&] { return loadSweepJson(result); }, [&] { return loadSweepCsv(result); },
        [&] { return loadSweepText(result); });
}

std::string faultSweepOutput(const FaultSweepResult& result, OutputFormat format) {
    return formatted(
        format, [&] { return faultSweepJson(result); }, [&] { return faultSweepCsv(result); },
        [&] { return faultSweepText(result); });
}

std::string epochSweepOutput(const cost::CostModel& model,
                             const std::vector<cost::EpochPoint>& points, OutputFormat format) {
    return formatted(
        format, [&] { return cost::epochSweepJson(model, points); },
        [&] { return cost::epochSweepCsv(points); },
        [&] { return cost::epochSweepText(model, points); });
}

std::string clusterSizeOutput(const cost::ClusterSizeOptions& options,
                              const std::vector<cost::ClusterSizePoint>& points,
                              OutputFormat format) {
    return formatted(
        format, [&] { return cost::clusterSizeJson(options, points); },
        [&] { return cost::clusterSizeCsv(points); },
        [&] { return cost::clusterSizeText(options, points); });
}

}  // namespace mr::cli
