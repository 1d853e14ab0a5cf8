#include "io/SweepFormat.h"

#include <cstdio>

#include "io/Csv.h"
#include "io/TextTable.h"
#include "model/Numbers.h"

namespace mr {

using nlohmann::ordered_json;

ordered_json sweepJson(const SweepResult& result) {
    ordered_json out;
    out["workload"] = result.workload;
    out["runs"] = result.runs;
    out["nodes"] = result.nodes;
    ordered_json series = ordered_json::array();
    for (const auto& s : result.series) {
        ordered_json item{{"name", s.name}, {"kind", s.formula ? "formula" : "simulated"}};
        using Field = double SweepPoint::*;
        const std::pair<const char*, Field> fields[] = {{"mean", &SweepPoint::mean},
                                                        {"min", &SweepPoint::min},
                                                        {"max", &SweepPoint::max},
                                                        {"stddev", &SweepPoint::stddev}};
        for (const auto& [key, field] : fields) {
            ordered_json values = ordered_json::array();
            for (const auto& p : s.points) {
                values.push_back(p.*field);
            }
            item[key] = values;
        }
        series.push_back(item);
    }
    out["series"] = series;
    return out;
}

std::string sweepCsv(const SweepResult& result) {
    std::string out = "nodes,series,kind,runs,mean,min,max,stddev\n";
    for (std::size_t p = 0; p < result.nodes.size(); ++p) {
        for (const auto& s : result.series) {
            const SweepPoint& point = s.points[p];
            char numbers[160];
            std::snprintf(numbers, sizeof numbers, "%d,%.10g,%.10g,%.10g,%.10g", result.runs,
                          point.mean, point.min, point.max, point.stddev);
            out += std::to_string(result.nodes[p]) + "," + csvField(s.name) + "," +
                   (s.formula ? "formula," : "simulated,") + numbers + "\n";
        }
    }
    return out;
}

std::string sweepText(const SweepResult& result) {
    std::string out = "workload  " + result.workload;
    out += result.runs > 1 ? "  (mean ±standard deviation over " + std::to_string(result.runs) +
                                 " generated workloads)\n\n"
                           : "\n\n";
    std::vector<std::vector<std::string>> rows{{"nodes"}};
    for (const auto& s : result.series) {
        rows[0].push_back(s.name);
    }
    for (std::size_t p = 0; p < result.nodes.size(); ++p) {
        std::vector<std::string> row{std::to_string(result.nodes[p])};
        for (const auto& s : result.series) {
            const SweepPoint& point = s.points[p];
            row.push_back(formatTime(point.mean) +
                          (result.runs > 1 ? " ±" + formatTime(point.stddev) : ""));
        }
        rows.push_back(std::move(row));
    }
    return out + textTable(rows, "r");
}

}  // namespace mr
