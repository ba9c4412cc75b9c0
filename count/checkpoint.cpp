// Checkpoint files: writing with temporary file, fsync and rename; reading with every check.
#include "count/checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <boost/crc.hpp>

#include "rules/durable_file.hpp"

namespace smallgo {

namespace {
constexpr char Magic[8] = {'S', 'G', 'C', 'O', 'U', 'N', 'T', '1'};
// Room left free on the file system beyond a file, so that a checkpoint never fills it.
constexpr u64 DiskMargin = u64{64} << 20;

const char* method_name(int m) {
    return m == 0 ? "exact" : m == 1 ? "modulus" : m == 2 ? "residues" : "unknown";
}

// The words of the row sums (see the table in checkpoint.hpp).
std::vector<u64> encode_sums(const std::vector<std::vector<BigCount>>& sums) {
    std::vector<u64> out{sums.size()};
    for (const auto& list : sums) {
        out.push_back(list.size());
        for (const BigCount& v : list) {
            std::vector<u64> limbs;
            boost::multiprecision::export_bits(v, std::back_inserter(limbs), 64, false);
            if (v == 0) limbs.clear();
            out.push_back(limbs.size());
            out.insert(out.end(), limbs.begin(), limbs.end());
        }
    }
    return out;
}

bool decode_sums(const std::vector<u64>& in, std::vector<std::vector<BigCount>>& sums) {
    std::size_t at = 0;
    auto next = [&](u64& v) { return at < in.size() ? (v = in[at++], true) : false; };
    u64 lists = 0;
    if (!next(lists) || lists > 1024) return false;
    sums.assign(lists, {});
    for (auto& list : sums) {
        u64 n = 0;
        if (!next(n) || n > 100000) return false;
        for (u64 i = 0; i < n; ++i) {
            u64 words = 0;
            if (!next(words) || words > 64 || at + words > in.size()) return false;
            list.push_back(big_from_limbs(in.data() + at, int(words)));
            at += words;
        }
    }
    return at == in.size();
}

bool write_all(int fd, const void* data, u64 bytes, boost::crc_32_type& crc) {
    crc.process_bytes(data, bytes);
    return write_fully(fd, data, bytes);
}

bool read_all(int fd, void* data, u64 bytes, boost::crc_32_type& crc) {
    if (!read_fully(fd, data, bytes)) return false;
    crc.process_bytes(data, bytes);
    return true;
}

// Writes `text` to dir/name atomically: a temporary file, fsync, rename, fsync of the directory.
bool replace_text(const std::string& dir, const std::string& name, const std::string& text) {
    const std::string tmp = dir + "/" + name + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return false;
    boost::crc_32_type unused;
    bool ok = write_all(fd, text.data(), text.size(), unused) && ::fsync(fd) == 0;
    ok = ::close(fd) == 0 && ok;
    return ok && std::rename(tmp.c_str(), (dir + "/" + name).c_str()) == 0 && sync_dir(dir);
}

}  // namespace

std::string CheckpointDir::file_name(int generation) const {
    return dir_ + "/g" + std::to_string(generation) + "-r" + std::to_string(key_.rank) + ".ckpt";
}

std::optional<std::string> CheckpointDir::write_file(int generation,
                                                     const CheckpointData& d) const {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec) return "cannot create checkpoint directory " + dir_ + ": " + ec.message();
    CheckpointHeader h{};
    std::memcpy(h.magic, Magic, sizeof Magic);
    std::strncpy(h.version, key_.version.c_str(), sizeof h.version - 1);
    h.rows = u16(key_.rows);
    h.cols = u16(key_.cols);
    h.method = u16(key_.method);
    h.limbs = u16(d.limbs);
    h.modulus = d.modulus;
    h.sweep = u32(d.sweep);
    h.sweeps = u32(key_.sweeps);
    h.rank = u32(key_.rank);
    h.ranks = u32(key_.ranks);
    h.point = u32(d.point);
    h.states = d.states;
    h.max_states = d.max_states;
    const std::vector<u64> prefix = encode_sums(d.sums);
    h.prefix_words = prefix.size();
    const u64 entry_bytes = d.states * u64(1 + d.limbs) * 8;
    const u64 bytes = sizeof h + prefix.size() * 8 + entry_bytes;
    const u64 free = free_disk_bytes(dir_);
    if (free < bytes + DiskMargin)
        return "no room for a checkpoint of " + std::to_string(bytes >> 20) + " MB in " + dir_ +
               " (" + std::to_string(free >> 20) + " MB free)";

    const std::string name = file_name(generation), tmp = name + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return system_error("cannot write " + tmp);
    boost::crc_32_type crc;
    bool ok = write_all(fd, &h, sizeof h, crc) &&
              write_all(fd, prefix.data(), prefix.size() * 8, crc) &&
              write_all(fd, d.entries, entry_bytes, crc);
    h.checksum = crc.checksum();
    ok = ok && ::pwrite(fd, &h.checksum, 8, offsetof(CheckpointHeader, checksum)) == 8;
    ok = ok && ::fsync(fd) == 0;
    const std::string error = ok ? std::string() : system_error("cannot write " + tmp);
    ok = ::close(fd) == 0 && ok;
    if (!ok) {
        std::remove(tmp.c_str());
        return error.empty() ? system_error("cannot close " + tmp) : error;
    }
    if (std::rename(tmp.c_str(), name.c_str()) != 0 || !sync_dir(dir_))
        return system_error("cannot rename " + tmp);
    return std::nullopt;
}

std::optional<std::string> CheckpointDir::commit(int generation) const {
    std::string text = "g";
    text.append(std::to_string(generation)).append(" ranks ").append(std::to_string(key_.ranks));
    text.push_back('\n');
    if (!replace_text(dir_, "latest", text))
        return system_error("cannot write " + dir_ + "/latest");
    return std::nullopt;
}

void CheckpointDir::remove_older(int generation) const {
    // Every file of this rank but the given generation's: older ones, and any left by a
    // checkpoint that a kill interrupted.
    const std::string suffix = "-r" + std::to_string(key_.rank) + ".ckpt";
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(dir_, ec)) {
        const std::string name = e.path().filename().string();
        const bool mine = name.size() > suffix.size() && name[0] == 'g' &&
                          (name.ends_with(suffix) || name.ends_with(suffix + ".tmp"));
        if (mine && e.path().string() != file_name(generation))
            std::filesystem::remove(e.path(), ec);
    }
}

std::optional<int> CheckpointDir::latest(std::string* problem) const {
    std::ifstream in(dir_ + "/latest");
    std::string g, word;
    int ranks = 0;
    if (!(in >> g >> word >> ranks) || g.size() < 2 || g[0] != 'g' || word != "ranks") {
        *problem = "no checkpoint to resume in " + dir_;
        return std::nullopt;
    }
    if (ranks != key_.ranks) {
        *problem = "the checkpoint in " + dir_ + " was written by " + std::to_string(ranks) +
                   " ranks, not " + std::to_string(key_.ranks);
        return std::nullopt;
    }
    try {
        return std::stoi(g.substr(1));
    } catch (const std::exception&) {
        *problem = "bad checkpoint list " + dir_ + "/latest";
        return std::nullopt;
    }
}

std::optional<std::string> CheckpointDir::read_with(int generation, CheckpointData& d,
                                                    u64* (*reserve)(void*, u64),
                                                    void* context) const {
    const std::string name = file_name(generation);
    const int fd = ::open(name.c_str(), O_RDONLY);
    if (fd < 0) return system_error("cannot read checkpoint " + name);
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    const std::string bad = "checkpoint " + name;
    CheckpointHeader h{};
    boost::crc_32_type crc;
    if (!read_all(fd, &h, sizeof h, crc)) return bad + " is truncated";
    if (std::memcmp(h.magic, Magic, sizeof Magic) != 0) return bad + " is not a count checkpoint";
    // The checksum covers the header with its own field zero.
    const u64 checksum = h.checksum;
    crc.reset();
    h.checksum = 0;
    crc.process_bytes(&h, sizeof h);
    h.version[sizeof h.version - 1] = 0;
    if (key_.version != h.version)
        return bad + " is of smallgo " + h.version + ", not " + key_.version;
    if (h.rows != key_.rows || h.cols != key_.cols)
        return bad + " is of board " + std::to_string(h.rows) + "x" + std::to_string(h.cols) +
               ", not " + std::to_string(key_.rows) + "x" + std::to_string(key_.cols);
    if (h.method != u16(key_.method))
        return bad + " counts by " + method_name(h.method) + ", not by " +
               method_name(int(key_.method));
    if (key_.method == CountMethod::Modulus && h.modulus != key_.modulus)
        return bad + " counts modulo " + std::to_string(h.modulus) + ", not " +
               std::to_string(key_.modulus);
    if (key_.method == CountMethod::Residues && int(h.sweeps) != key_.sweeps)
        return bad + " makes " + std::to_string(h.sweeps) + " residue sweeps, not " +
               std::to_string(key_.sweeps);
    if (int(h.rank) != key_.rank || int(h.ranks) != key_.ranks)
        return bad + " is rank " + std::to_string(h.rank) + " of " + std::to_string(h.ranks);
    const int width = std::min(key_.rows, key_.cols), length = std::max(key_.rows, key_.cols);
    if (h.limbs < 1 || h.limbs > 8 || h.point > u32(width * length) || h.sweep >= h.sweeps ||
        h.prefix_words > (u64{1} << 24) || h.states > (u64{1} << 40))
        return bad + " has a bad header";
    std::vector<u64> prefix(h.prefix_words);
    if (!read_all(fd, prefix.data(), prefix.size() * 8, crc)) return bad + " is truncated";
    d.sweep = int(h.sweep);
    d.point = int(h.point);
    d.limbs = h.limbs;
    d.modulus = h.modulus;
    d.max_states = h.max_states;
    d.states = h.states;
    if (!decode_sums(prefix, d.sums) || d.sums.empty()) return bad + " is corrupted (row sums)";
    const u64 words = h.states * (1 + h.limbs);
    u64* entries = reserve(context, words);
    if (!entries) return bad + ": no memory for its " + std::to_string(h.states) + " states";
    if (!read_all(fd, entries, words * 8, crc)) return bad + " is truncated";
    char extra = 0;
    if (::read(fd, &extra, 1) != 0) return bad + " is longer than its header says";
    if (crc.checksum() != checksum) return bad + " is corrupted (checksum)";
    d.entries = entries;
    return std::nullopt;
}

}  // namespace smallgo
