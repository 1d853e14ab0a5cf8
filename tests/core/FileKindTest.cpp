// FileKind: what a file is, from its first bytes — every sample, our trace fixtures, folders,
// missing files and look-alikes (a JSON object that is none of ours, an SLS trace, a CSV).
#include <gtest/gtest.h>

#include <filesystem>

#include "io/FileKind.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

using test::samplePath;
using test::testDataPath;

TEST(FileKind, SamplesFixturesAndFolders) {
    EXPECT_EQ(detectFileKind(samplePath("figure4-scenario2.json")), FileKind::Workload);
    EXPECT_EQ(detectFileKind(samplePath("rumen-2jobs2min.json")), FileKind::Workload);
    EXPECT_EQ(detectFileKind(samplePath("lips-ec2-20.json")), FileKind::CostModel);
    EXPECT_EQ(detectFileKind(testDataPath("rumen-reduces.json")), FileKind::RumenTrace);
    EXPECT_EQ(detectFileKind(testDataPath("swim-small.tsv")), FileKind::SwimTrace);
    // Both of SLS's own formats: its native job trace and its synthetic generator's input.
    EXPECT_EQ(detectFileKind(test::tracePath("sls/inputsls.json")), FileKind::SlsTrace);
    EXPECT_EQ(detectFileKind(test::tracePath("sls/syn.json")), FileKind::SlsTrace);
    EXPECT_EQ(detectFileKind(test::scratchDir()), FileKind::Directory);
    EXPECT_EQ(detectFileKind(test::scratchDir() + "/no-such-file.json"), FileKind::Missing);
}

TEST(FileKind, FromTheFirstBytes) {
    struct Case {
        const char* text;
        FileKind kind;
    };
    const Case cases[] = {
        {"\xEF\xBB\xBF  {\"format\" : \"mrx-workload\", \"version\": 1}", FileKind::Workload},
        {"{\"version\": 1, \"format\":\"mrx-costmodel\"}", FileKind::CostModel},
        {"{\"format\": \"mrx-session\", \"version\": 1}", FileKind::Session},
        {"{\"format\": \"mrx-future\", \"version\": 1}", FileKind::OtherMrx},
        {"{\n  \"priority\" : \"NORMAL\",\n  \"jobID\" : \"job_1\",\n  \"submitTime\" : 5",
         FileKind::RumenTrace},
        {"{\"am.type\": \"mapreduce\", \"job.start.ms\": 0, \"job.tasks\": []}",
         FileKind::SlsTrace},
        {"{\"format\": 3, \"jobs\": []}", FileKind::Unknown},
        {"{\"name\": \"a job list of someone else\"}", FileKind::Unknown},
        {"job0\t49\t49\t740773\t2339561\t627471\njob1\t101\t52\t1\t2\t3\n", FileKind::SwimTrace},
        {"job0\t49\t49\t740773\t2339561\t627471\r\n", FileKind::SwimTrace},
        {"job0\t49\t49\t740773\t2339561\n", FileKind::Unknown},  // five columns
        {"job0,49,49,740773,2339561,627471\n", FileKind::Unknown},
        {"job0\t49\t-1\t740773\t2339561\t627471\n", FileKind::Unknown},
        {"", FileKind::Empty},
        {"\xEF\xBB\xBF \n\t\r\n", FileKind::Empty},
        {"x", FileKind::Unknown},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        EXPECT_EQ(detectFileKindOfText(c.text), c.kind);
    }
}

TEST(FileKind, DescriptionsSayWhatToDo) {
    EXPECT_NE(describeFileKind(FileKind::RumenTrace).find("Rumen"), std::string::npos);
    EXPECT_NE(describeFileKind(FileKind::SwimTrace).find("SWIM"), std::string::npos);
    EXPECT_NE(describeFileKind(FileKind::Directory).find("folder"), std::string::npos);
    EXPECT_EQ(describeFileKind(FileKind::Empty), "empty");  // "FILE is empty."
    EXPECT_EQ(importFormatOf(FileKind::RumenTrace), "rumen");
    EXPECT_EQ(importFormatOf(FileKind::SwimTrace), "swim");
    EXPECT_EQ(importFormatOf(FileKind::Workload), "");
}

}  // namespace
}  // namespace mr
