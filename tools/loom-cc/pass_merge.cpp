#include "pass_merge.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>

#include "process.h"
#include "stable_hash.h"

namespace loom::cc {
namespace {

// Symbols a C++ class has beside its functions that must follow the functions they point to.
bool isClassTable(const std::string& name) {
  for (const char* p : {"_ZTV", "_ZTT", "_ZTC", "_ZTI", "_ZTS"})
    if (name.rfind(p, 0) == 0) return true;
  return false;
}

bool writeLines(const std::string& path, const std::vector<std::string>& lines) {
  std::ofstream out(path, std::ios::trunc);
  for (const std::string& l : lines) out << l << '\n';
  out.close();
  if (!out) std::cerr << "loom-cc: error: cannot write '" << path << "'\n";
  return static_cast<bool>(out);
}

std::vector<std::string> pairs(const std::vector<std::pair<std::string, std::string>>& renames) {
  std::vector<std::string> lines;
  for (const auto& [from, to] : renames) lines.push_back(from + " " + to);
  return lines;
}

}  // namespace

MergePlan planMerge(const ElfObject& device, const ElfObject& host, const std::string& unit) {
  MergePlan plan;
  std::map<std::string, const ElfSymbol*> deviceGlobal, deviceLocalFunctions, hostGlobal;
  std::set<std::string> hostUndefined;
  for (const ElfSymbol& s : device.symbols) {
    if (!s.defined) continue;
    if (!s.local) deviceGlobal.emplace(s.name, &s);
    else if (s.function) deviceLocalFunctions.emplace(s.name, &s);
  }
  for (const ElfSymbol& s : host.symbols) {
    if (s.defined && !s.local) hostGlobal.emplace(s.name, &s);
    if (!s.defined) hostUndefined.insert(s.name);
  }
  for (auto& [name, d] : deviceGlobal) {
    auto h = hostGlobal.find(name);
    if (h == hostGlobal.end()) continue;
    if (d->function || isClassTable(name)) {
      plan.deviceRenames.emplace_back(name, name + ".loomdev");
    } else if (h->second->strong) {
      plan.hostWeakened.push_back(name);
    }
  }
  // A group whose signature names no symbol of its own (a constructor's or destructor's C5/D5
  // group holds both of its aliases): the device pass's group must not replace the host pass's.
  std::set<std::string> renamed, hostGroups(host.groups.begin(), host.groups.end());
  for (const auto& r : plan.deviceRenames) renamed.insert(r.first);
  for (const std::string& g : device.groups) {
    if (!hostGroups.count(g) || renamed.count(g)) continue;
    auto d = deviceGlobal.find(g);
    if (d != deviceGlobal.end() && !d->second->function) continue;  // a variable: one for both passes
    plan.deviceRenames.emplace_back(g, g + ".loomdev");
    renamed.insert(g);
  }
  // A kernel with internal linkage: `static` (the host pass dropped it, so its reference lacks
  // the `L` of the device pass's `_ZL...`) or in an anonymous namespace (the same name).
  std::map<std::string, std::string> finalName;  // of the device pass's symbols renamed so far
  for (const auto& [from, to] : plan.deviceRenames) finalName[from] = to;
  for (const std::string& name : hostUndefined) {
    // A kernel template's host-pass body names its twin: the device pass's symbol of the same name.
    static const std::string kTwin = ".loomtwin";
    if (name.size() > kTwin.size() && name.compare(name.size() - kTwin.size(), kTwin.size(), kTwin) == 0) {
      std::string base = name.substr(0, name.size() - kTwin.size());
      if (deviceGlobal.count(base)) {
        plan.hostRenames.emplace_back(name, finalName.count(base) ? finalName[base] : base);
      } else if (deviceLocalFunctions.count(base)) {
        std::string unique = base + ".loom." + unit;
        plan.deviceRenames.emplace_back(base, unique);
        plan.deviceGlobals.push_back(unique);
        plan.hostRenames.emplace_back(name, unique);
      }
      continue;
    }
    if (deviceGlobal.count(name)) continue;
    std::string local = name;
    if (!deviceLocalFunctions.count(local)) {
      local = name.rfind("_Z", 0) == 0 ? "_ZL" + name.substr(2) : "";
      if (local.empty() || !deviceLocalFunctions.count(local)) continue;
    }
    std::string unique = name + ".loom." + unit;
    plan.deviceRenames.emplace_back(local, unique);
    plan.deviceGlobals.push_back(unique);
    plan.hostRenames.emplace_back(name, unique);
  }
  for (const std::string& section : device.sections) {
    if (section.rfind(".init_array", 0) == 0 || section.rfind(".rela.init_array", 0) == 0)
      plan.deviceDroppedSections.push_back(section);
  }
  return plan;
}

int mergePassObjects(const std::string& deviceObject, const std::string& hostObject, const std::string& output) {
  std::string error;
  std::optional<ElfObject> device = readElfObject(deviceObject, error);
  std::optional<ElfObject> host = device ? readElfObject(hostObject, error) : std::nullopt;
  if (!host) {
    std::cerr << "loom-cc: error: " << error << '\n';
    return 1;
  }
  MergePlan plan = planMerge(*device, *host, stableHash(output + '\n' + deviceObject));
  std::vector<std::string> lists;
  auto list = [&](const std::string& suffix, const std::vector<std::string>& lines) {
    std::string path = deviceObject + suffix;
    lists.push_back(path);
    return writeLines(path, lines) ? path : std::string();
  };
  int status = 0;
  std::vector<std::string> deviceEdit{"objcopy"};
  if (!plan.deviceRenames.empty()) deviceEdit.push_back("--redefine-syms=" + list(".renames", pairs(plan.deviceRenames)));
  for (const std::string& s : plan.deviceDroppedSections) deviceEdit.push_back("--remove-section=" + s);
  if (deviceEdit.size() > 1) {
    deviceEdit.push_back(deviceObject);
    status = runProcess(deviceEdit);
  }
  if (status == 0 && !plan.deviceGlobals.empty())
    status = runProcess({"objcopy", "--globalize-symbols=" + list(".globals", plan.deviceGlobals), deviceObject});
  std::vector<std::string> hostEdit{"objcopy"};
  if (!plan.hostRenames.empty()) hostEdit.push_back("--redefine-syms=" + list(".hostrenames", pairs(plan.hostRenames)));
  if (!plan.hostWeakened.empty()) hostEdit.push_back("--weaken-symbols=" + list(".weak", plan.hostWeakened));
  if (status == 0 && hostEdit.size() > 1) {
    hostEdit.push_back(hostObject);
    status = runProcess(hostEdit);
  }
  if (status == 0) status = runProcess({"ld", "-r", deviceObject, hostObject, "-o", output});
  for (const std::string& l : lists) std::remove(l.c_str());
  return status;
}

}  // namespace loom::cc
