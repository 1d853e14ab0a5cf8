// HadoopConfXml — the properties of a Hadoop configuration file (capacity-scheduler.xml,
// yarn-site.xml): <configuration> holding <property> elements, each with <name> and <value> (and
// optional <description>, <final>, <source>). A small reader for exactly that shape: comments,
// the XML declaration, character and the five predefined entities, CDATA. Anything else (a
// DOCTYPE, XInclude, other elements, attributes on <property>) is refused with its line.
#pragma once

#include <string>
#include <vector>

namespace mr {

struct ConfProperty {
    std::string name;
    std::string value;  // trimmed of surrounding white space, as Hadoop reads it
    int line = 0;       // of the <property> element, from 1
};

// Throws InputError naming `file`, the line ("line 12") and what is wrong.
std::vector<ConfProperty> readHadoopConf(const std::string& text, const std::string& file);

}  // namespace mr
