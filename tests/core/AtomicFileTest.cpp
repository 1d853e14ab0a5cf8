// Saving: the target is the old or the new file, never a torn one; the
// temporary is unique, locked while its writer lives, removed on errors and on SIGTERM, and a
// stale one (kill -9) goes with the next save; permissions stay; links are written through;
// devices, pipes and directories are refused.
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>

#include "io/AtomicFile.h"
#include "model/InputError.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

namespace fs = std::filesystem;

// A fresh directory per test.
std::string freshDir(const std::string& name) {
    const std::string dir = test::scratchDir() + "/atomic-" + name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// Every entry of `dir` but the ones named.
std::vector<std::string> entries(const std::string& dir) {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir)) {
        names.push_back(e.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
}

mode_t modeOf(const std::string& path) {
    struct stat st {};
    EXPECT_EQ(::stat(path.c_str(), &st), 0) << path;
    return st.st_mode & 07777;
}

TEST(AtomicFile, WritesAndReplacesLeavingOnlyTheTarget) {
    const std::string dir = freshDir("replace");
    const std::string path = dir + "/w.json";
    writeFileAtomically(path, "old");
    EXPECT_EQ(test::readText(path), "old");
    AtomicFileWriter writer(path);
    writer.write("new ");
    writer.write(std::string(3 << 20, 'x'));  // more than the writer's buffer
    // Until commit() the old file is in place, and the temporary sits beside it.
    EXPECT_EQ(test::readText(path), "old");
    EXPECT_EQ(entries(dir).size(), 2u);
    writer.commit();
    EXPECT_EQ(test::readText(path), "new " + std::string(3 << 20, 'x'));
    EXPECT_EQ(entries(dir), std::vector<std::string>{"w.json"});
}

TEST(AtomicFile, AWriterDestroyedBeforeCommitLeavesTheOldFileAndNoTemporary) {
    const std::string dir = freshDir("abandon");
    const std::string path = dir + "/w.json";
    writeFileAtomically(path, "old");
    {
        AtomicFileWriter writer(path);
        writer.write("half of the new");
    }
    EXPECT_EQ(test::readText(path), "old");
    EXPECT_EQ(entries(dir), std::vector<std::string>{"w.json"});
}

TEST(AtomicFile, TemporariesAreUniqueForConcurrentSaves) {
    const std::string dir = freshDir("unique");
    const std::string path = dir + "/w.json";
    AtomicFileWriter a(path);
    AtomicFileWriter b(path);  // a's temporary is locked: b's sweep leaves it
    a.write("a");
    b.write("b");
    EXPECT_EQ(entries(dir).size(), 2u);
    a.commit();
    b.commit();
    EXPECT_EQ(test::readText(path), "b");
    EXPECT_EQ(entries(dir), std::vector<std::string>{"w.json"});
}

TEST(AtomicFile, KeepsTheTargetsPermissions) {
    const std::string dir = freshDir("mode");
    const std::string path = dir + "/w.json";
    writeFileAtomically(path, "old");
    ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
    writeFileAtomically(path, "new");
    EXPECT_EQ(modeOf(path), 0640u);
    ASSERT_EQ(::chmod(path.c_str(), 0604), 0);
    writeFileAtomically(path, "newer");
    EXPECT_EQ(modeOf(path), 0604u);
    // A new file: 0666 minus the umask, as any program's (mkstemp alone would give 0600).
    const mode_t mask = ::umask(022);
    writeFileAtomically(dir + "/fresh.json", "x");
    ::umask(mask);
    EXPECT_EQ(modeOf(dir + "/fresh.json"), 0644u);
}

TEST(AtomicFile, WritesThroughSymbolicLinks) {
    const std::string dir = freshDir("link");
    fs::create_directories(dir + "/real");
    const std::string target = dir + "/real/w.json";
    writeFileAtomically(target, "old");
    fs::create_symlink("real/w.json", dir + "/link.json");   // relative
    fs::create_symlink(dir + "/link.json", dir + "/link2");  // a link to a link
    writeFileAtomically(dir + "/link2", "new");
    EXPECT_TRUE(fs::is_symlink(dir + "/link2"));
    EXPECT_TRUE(fs::is_symlink(dir + "/link.json"));
    EXPECT_EQ(test::readText(target), "new");
    EXPECT_EQ(entries(dir + "/real"), std::vector<std::string>{"w.json"});
    // A dangling link: its target is created.
    fs::create_symlink("real/new.json", dir + "/dangling");
    writeFileAtomically(dir + "/dangling", "created");
    EXPECT_TRUE(fs::is_symlink(dir + "/dangling"));
    EXPECT_EQ(test::readText(dir + "/real/new.json"), "created");
}

TEST(AtomicFile, RefusesToReplaceWhatIsNotARegularFile) {
    const std::string dir = freshDir("special");
    ASSERT_EQ(::mkfifo((dir + "/pipe").c_str(), 0644), 0);
    fs::create_directories(dir + "/sub");
    // As root, renaming over /dev/null replaced the device node. Root tests on a
    // null device of its own, so that a regression cannot break the machine's.
    std::string device = "/dev/null";
    if (::geteuid() == 0) {
        device = dir + "/null";
        ASSERT_EQ(::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
    }
    fs::create_symlink(device, dir + "/to-null");
    struct Case {
        std::string path, words;
    };
    for (const Case& c :
         {Case{device, "a character device"}, Case{dir + "/pipe", "a pipe"},
          Case{dir + "/sub", "a directory"}, Case{dir + "/to-null", "a character device"}}) {
        SCOPED_TRACE(c.path);
        try {
            writeFileAtomically(c.path, "x");
            ADD_FAILURE() << "replaced " << c.path;
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), c.path);
            EXPECT_NE(e.message().find(c.words), std::string::npos) << e.what();
            EXPECT_NE(e.message().find("refusing to replace it"), std::string::npos) << e.what();
        }
    }
    struct stat st {};
    ASSERT_EQ(::lstat(device.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode));
    EXPECT_TRUE(fs::is_fifo(dir + "/pipe"));
    EXPECT_TRUE(fs::is_symlink(dir + "/to-null"));
}

TEST(AtomicFile, AMissingDirectoryIsOneClearError) {
    const std::string path = freshDir("nodir") + "/missing/w.json";
    try {
        writeFileAtomically(path, "x");
        ADD_FAILURE() << "wrote into a missing directory";
    } catch (const InputError& e) {
        EXPECT_EQ(e.file(), path);
        EXPECT_NE(e.message().find("No such file or directory"), std::string::npos) << e.what();
    }
}

TEST(AtomicFile, TheNextSaveRemovesStaleTemporariesButNotLiveOnes) {
    const std::string dir = freshDir("stale");
    // What kill -9 leaves: temporaries of our naming, unlocked (for this and another target).
    for (const char* name : {".w.json.mrx-tmp-a1B2c3", ".other.csv.mrx-tmp-zzzzzz"}) {
        test::writeText(dir + "/" + name, std::string(1000, 'x'));
    }
    // A live save's temporary: locked by its writer.
    const std::string live = dir + "/.w.json.mrx-tmp-LIVE00";
    test::writeText(live, "live");
    const int fd = ::open(live.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX), 0);
    // Not ours: other names stay.
    for (const char* name : {".w.json.tmp123456", "w.json.mrx-tmp-abcdef", ".x.mrx-tmp-abc"}) {
        test::writeText(dir + "/" + name, "not ours");
    }
    writeFileAtomically(dir + "/w.json", "saved");
    EXPECT_EQ(entries(dir),
              (std::vector<std::string>{".w.json.mrx-tmp-LIVE00", ".w.json.tmp123456",
                                        ".x.mrx-tmp-abc", "w.json", "w.json.mrx-tmp-abcdef"}));
    ::close(fd);  // the live writer ends (and, say, is killed): the next save sweeps it
    writeFileAtomically(dir + "/w.json", "again");
    EXPECT_FALSE(fs::exists(live));
}

// A save interrupted by SIGTERM (or Ctrl+C) removes its temporary and ends as the signal says.
void saveUntilSignal(const std::string& path, int signal) {
    AtomicFileWriter writer(path);
    writer.write(std::string(1 << 20, 'x'));
    ::raise(signal);
}

TEST(AtomicFileDeathTest, SigtermAndSigintRemoveTheTemporary) {
    // "fast" (fork without exec): the child saves into this process's scratch directory.
    GTEST_FLAG_SET(death_test_style, "fast");
    for (const int signal : {SIGTERM, SIGINT}) {
        const std::string dir = freshDir("signal" + std::to_string(signal));
        writeFileAtomically(dir + "/w.json", "old");
        EXPECT_EXIT(saveUntilSignal(dir + "/w.json", signal), ::testing::KilledBySignal(signal),
                    "");
        EXPECT_EQ(entries(dir), std::vector<std::string>{"w.json"});
        EXPECT_EQ(test::readText(dir + "/w.json"), "old");
    }
}

}  // namespace
}  // namespace mr
