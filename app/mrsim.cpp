// mrsim — command-line entry point; everything lives in cli/Cli.cpp.
#include <iostream>

#include "cli/Cli.h"

int main(int argc, char** argv) {
    return mr::cli::runMrsim(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
