// One line per error: names with newlines, control characters or bytes that are not
// UTF-8 are escaped in every message; files that are not readable files are one clear error.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "io/TextFile.h"
#include "model/InputError.h"
#include "support/TestSupport.h"

namespace mr {
namespace {

TEST(InputError, EscapesWhatWouldBreakTheLine) {
    EXPECT_EQ(escapeForMessage("J1"), "J1");
    EXPECT_EQ(escapeForMessage("a\nb\rc\td"), "a\\nb\\rc\\td");
    EXPECT_EQ(escapeForMessage(std::string("nul\0x", 5)), "nul\\x00x");
    EXPECT_EQ(escapeForMessage("\x1b[31mred\x7f"), "\\x1b[31mred\\x7f");
    // Unicode stays, but its line breaks (U+0085, U+2028, U+2029) do not.
    EXPECT_EQ(escapeForMessage("Zürich ✓ \u2028 \u2029 \u0085"),
              "Zürich ✓ \\u2028 \\u2029 \\u0085");
    // Bytes that are not UTF-8: a lone continuation byte, a truncated sequence, an overlong
    // form, a surrogate, a code point past U+10FFFF.
    EXPECT_EQ(escapeForMessage("a\x80"
                               "b"),
              "a\\x80b");
    EXPECT_EQ(escapeForMessage("\xe2\x9c"), "\\xe2\\x9c");
    EXPECT_EQ(escapeForMessage("\xc0\xaf"), "\\xc0\\xaf");
    EXPECT_EQ(escapeForMessage("\xed\xa0\x80"), "\\xed\\xa0\\x80");
    EXPECT_EQ(escapeForMessage("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
}

TEST(InputError, ValidatesUtf8) {
    EXPECT_TRUE(isValidUtf8(""));
    EXPECT_TRUE(isValidUtf8("plain"));
    EXPECT_TRUE(isValidUtf8("Zürich ✓ 𝄞"));
    EXPECT_FALSE(
        isValidUtf8("j\xff"
                    "1"));
    EXPECT_FALSE(isValidUtf8("\xc0\xaf"));
    EXPECT_FALSE(isValidUtf8("\xed\xa0\x80"));
}

TEST(InputError, EveryPartOfTheMessageIsEscaped) {
    const InputError e("dir\n/f.json", "J\n1", "x\ty", "bad value \"a\nb\"");
    EXPECT_EQ(std::string(e.what()),
              "dir\\n/f.json: job 'J\\n1': field 'x\\ty': bad value \"a\\nb\"");
    // The parts stay as they were given (the GUI shows them in its own widgets).
    EXPECT_EQ(e.job(), "J\n1");
    EXPECT_EQ(inputMessage("f", "m\x01", "", "note", "machine"), "f: machine 'm\\x01': note");
}

// A 128-level path ("extra[0][0]…", 3 bytes a level) or a megabyte name stays a
// readable line: its first 100 and last 40 bytes around "…", and its length.
TEST(InputError, LongNamesAndPathsAreShortened) {
    std::string path = "extra";
    for (int i = 0; i < 128; ++i) {
        path += "[0]";
    }
    const InputError deep("f.json", "", path, "nested deeper than 128 levels");
    std::string expected = "f.json: field '" + path.substr(0, 100) + "…" +
                           path.substr(path.size() - 40) +
                           " (389 bytes)': nested deeper than 128 levels";
    EXPECT_EQ(std::string(deep.what()), expected);
    EXPECT_EQ(deep.field(), path);  // the part itself stays whole
    // A cut never splits a code point: 'é' is two bytes, and byte 100 is the middle of one.
    const std::string name = "J" + [] {
        std::string s;
        for (int i = 0; i < 200; ++i) {
            s += "\xc3\xa9";
        }
        return s;
    }();
    const std::string line = InputError("", name, "maps", "bad").what();
    EXPECT_TRUE(isValidUtf8(line));
    EXPECT_EQ(line.rfind("job 'J", 0), 0u);
    std::string tail;  // the last 40 bytes: 20 'é'
    for (int i = 0; i < 20; ++i) {
        tail += "\xc3\xa9";
    }
    EXPECT_EQ(line, "job '" + name.substr(0, 99) + "…" + tail + " (401 bytes)': field 'maps': bad");
    // At 160 bytes nothing is cut.
    const std::string edge(160, 'a');
    EXPECT_EQ(std::string(InputError("", edge, "", "x").what()), "job '" + edge + "': x");
}

TEST(TextFile, WhatIsNotAReadableFileIsOneClearError) {
    const std::string dir = test::scratchDir();
    struct Case {
        std::string path, words;
    };
    for (const Case& c : {Case{dir, "is a directory"},
                          Case{dir + "/no-such-file.json", "No such file or directory"}}) {
        SCOPED_TRACE(c.path);
        try {
            readTextFile(c.path);
            ADD_FAILURE() << "read " << c.path;
        } catch (const InputError& e) {
            EXPECT_EQ(e.file(), c.path);
            EXPECT_NE(e.message().find(c.words), std::string::npos) << e.what();
        }
        EXPECT_THROW(openInputFile(c.path), InputError);
    }
}

TEST(TextFile, ReadingIsBoundedEvenWithoutAnEnd) {
    // Binary data (/dev/zero) is refused at its first NUL byte; text that never ends (a pipe fed
    // by `yes`) after `maxBytes`, not read into memory until it runs out.
    try {
        readTextFile("/dev/zero", 1 << 20);
        ADD_FAILURE() << "read /dev/zero";
    } catch (const InputError& e) {
        EXPECT_NE(e.message().find("binary data (a NUL byte at offset 0)"), std::string::npos)
            << e.what();
    }
    const std::string fifo = test::scratchDir() + "/endless";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    ASSERT_EQ(std::system(("yes > '" + fifo + "' 2>/dev/null &").c_str()), 0);  // ends on SIGPIPE
    try {
        readTextFile(fifo, 1 << 20);
        ADD_FAILURE() << "read an endless pipe";
    } catch (const InputError& e) {
        EXPECT_NE(e.message().find("more than 1 MiB"), std::string::npos) << e.what();
    }
    std::remove(fifo.c_str());
    const std::string path = test::scratchDir() + "/two-mib.txt";
    test::writeText(path, std::string(2 << 20, 'x'));
    try {
        readTextFile(path, 1 << 20);
        ADD_FAILURE() << "read past the limit";
    } catch (const InputError& e) {
        EXPECT_NE(e.message().find("holds 2 MiB; at most 1 MiB"), std::string::npos) << e.what();
    }
    EXPECT_EQ(readTextFile(path).size(), std::size_t{2} << 20);
}

}  // namespace
}  // namespace mr
