// The files of the page that `smallgo serve` shows (cli/web/), embedded in the program at build
// time: web_embed.cmake writes each one's bytes into a generated source, so the server reads no
// file and the page needs nothing from outside (no script or font from another site).
#pragma once

#include <span>
#include <string_view>

namespace smallgo::cli {

struct WebAsset {
    std::string_view path;  // as requested: "/", "/app.js", "/style.css"
    std::string_view type;  // its Content-Type
    std::string_view body;
};

// Every embedded file.
std::span<const WebAsset> web_assets();

}  // namespace smallgo::cli
