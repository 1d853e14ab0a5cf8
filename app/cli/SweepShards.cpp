#include "cli/SweepShards.h"

#include <sys/stat.h>

#include <filesystem>
#include <ostream>

#include "cost/CostFormat.h"
#include "experiments/SweepPoints.h"
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
    command.add_option("--shard", shard,
                       "Compute only shard I of N (0-based): a contiguous block of the points; "
                       "writes JSON lines (see mrsim merge)");
    command.add_flag("--list-points", listPoints,
                     "Print the points (of the shard) as JSON lines without computing them");
    command.add_option("--resume", resume,
                       "Skip the points already in this JSON-lines PART (and append to it "
                       "unless -o names another file)");
    command.add_option("-o,--output", output,
                       "Write the points' JSON lines to FILE as they finish (a killed run keeps "
                       "them; continue it with --resume FILE)");
    command.add_flag("--force", force, "Run even when the work is above one machine's cap");
}

bool ShardOptions::pointsMode() const {
    return !shard.empty() || listPoints || !resume.empty() || !output.empty();
}

std::string sweepProgram() {
    return "mrsim 0.1.0";
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

}  // namespace

void runPointsJob(const ShardOptions& options, const PointsJob& job, std::ostream& out,
                  std::ostream& err) {
    const Shard shard = options.shard.empty() ? Shard{} : parseShard(options.shard);
    const PointRange range = shardRange(job.header.points, shard);

    // The points already done, from --resume's part (which must be of this very sweep).
    std::vector<std::size_t> done;
    bool resumedHasHeader = false;
    if (!options.resume.empty()) {
        PartsCallbacks callbacks;
        callbacks.header = [&](const SweepHeader& h) {
            if (h.fingerprint != job.header.fingerprint) {
                throw InputError(options.resume, "", "fingerprint",
                                 "holds points of another sweep (" + h.command + " " +
                                     h.fingerprint + ", this one is " + job.header.command + " " +
                                     job.header.fingerprint + ")");
            }
        };
        const PartsReport report = readSweepParts({options.resume}, callbacks, true);
        resumedHasHeader = report.header.has_value();
        for (std::size_t i = 0; i < report.seen.size(); ++i) {
            if (report.seen[i] > 0) {
                done.push_back(i);
            }
        }
    }
    const std::vector<std::size_t> indices = pointsToRun(range, done);

    if (options.listPoints) {
        for (std::size_t i : indices) {
            out << pointLine(job.header, i, job.arguments(i));
        }
        return;
    }
    job.checkWork(indices, options.force);

    const bool appendToResumed =
        !options.resume.empty() &&
        (options.output.empty() || sameFile(options.output, options.resume));
    std::unique_ptr<PartWriter> writer;
    if (appendToResumed) {
        writer = std::make_unique<PartWriter>(options.resume, true);
    } else if (!options.output.empty()) {
        writer = std::make_unique<PartWriter>(options.output, false);
    } else {
        writer = std::make_unique<PartWriter>(out);
    }
    if (!(appendToResumed && resumedHasHeader)) {
        writer->write(headerLine(job.header));
    }
    job.run(indices, [&](std::size_t index, const nlohmann::ordered_json& fields) {
        writer->write(pointLine(job.header, index, fields));
    });
    err << "mrsim: " << job.header.command << " shard " << shard.index << "/" << shard.count
        << ": computed " << indices.size() << " of its " << (range.end - range.begin)
        << " points (indices " << range.begin << "-"
        << (range.end > range.begin ? range.end - 1 : range.begin) << " of " << job.header.points
        << ")";
    if (indices.size() < range.end - range.begin) {
        err << ", " << (range.end - range.begin - indices.size()) << " were in " << options.resume;
    }
    err << "\n";
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
