#include "source_html.h"

#include <nlohmann/json.hpp>
#include <set>

#include "source_page.h"

namespace loom::ncu {

namespace {

// The page's script: one table per launch and file, a row per source line; a metric cell gets
// data-heat (its value over the column's largest in the launch, two decimals) and a background
// as red as that share.
const char* const kScript = R"JS(
const data = JSON.parse(document.getElementById('loom-data').textContent);
const root = document.getElementById('launches');
data.launches.forEach((launch, index) => {
  const section = document.createElement('section');
  section.id = 'launch-' + index;
  const title = document.createElement('h2');
  title.textContent = index + ': ' + launch.kernel + ' ' + launch.shape;
  section.appendChild(title);
  const max = data.columns.map((_, c) => Math.max(0, ...launch.lines.map(l => l.values[c])));
  const byFile = {};
  launch.lines.forEach(l => { (byFile[l.file] = byFile[l.file] || {})[l.line] = l.values; });
  Object.keys(byFile).forEach(file => {
    const heading = document.createElement('h3');
    heading.textContent = file;
    section.appendChild(heading);
    const table = document.createElement('table');
    const head = table.insertRow();
    ['Line'].concat(data.columns, ['Source']).forEach(name => {
      const th = document.createElement('th');
      th.textContent = name;
      head.appendChild(th);
    });
    const text = data.sources[file] || [];
    const count = Math.max(text.length, ...Object.keys(byFile[file]).map(Number));
    for (let line = 1; line <= count; ++line) {
      const row = table.insertRow();
      row.id = 'launch-' + index + '-line-' + line;
      row.dataset.line = line;
      row.insertCell().textContent = line;
      const values = byFile[file][line];
      data.columns.forEach((_, c) => {
        const cell = row.insertCell();
        cell.className = 'metric';
        if (!values) return;
        const heat = max[c] > 0 ? values[c] / max[c] : 0;
        cell.textContent = values[c].toLocaleString('en-US');
        cell.dataset.heat = heat.toFixed(2);
        cell.style.background = 'rgba(220, 40, 30, ' + (0.08 + 0.8 * heat).toFixed(3) + ')';
      });
      const source = row.insertCell();
      source.className = 'source';
      source.textContent = text[line - 1] || '';
    }
    section.appendChild(table);
  });
  root.appendChild(section);
});
document.body.dataset.rendered = data.launches.length;
)JS";

const char* const kStyle = R"CSS(
body { font-family: sans-serif; margin: 1em; }
table { border-collapse: collapse; font-size: 13px; }
th, td { padding: 1px 6px; border-bottom: 1px solid #eee; }
td.metric { text-align: right; font-family: monospace; min-width: 5em; }
td.source { font-family: monospace; white-space: pre; }
)CSS";

std::string shape(const ProfiledLaunch& l) {
  auto tuple = [](const unsigned* v) {
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
  };
  return tuple(l.grid) + "x" + tuple(l.block);
}

std::string escapeHtml(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

}  // namespace

std::string sourceHtml(const std::vector<ProfiledLaunch>& launches, const SourceFiles& sources) {
  nlohmann::json data;
  data["columns"] = nlohmann::json::array();
  for (const auto& c : sourceColumns()) data["columns"].push_back(c.name);
  data["launches"] = nlohmann::json::array();
  std::set<std::string> files;
  for (const auto& launch : launches) {
    nlohmann::json j;
    j["kernel"] = launch.kernel;
    j["shape"] = shape(launch);
    j["lines"] = nlohmann::json::array();
    for (const auto& l : launch.lines) {
      nlohmann::json values = nlohmann::json::array();
      for (const auto& c : sourceColumns()) values.push_back(c.value(l));
      j["lines"].push_back({{"file", l.file}, {"line", l.line}, {"values", values}});
      files.insert(l.file);
    }
    data["launches"].push_back(std::move(j));
  }
  data["sources"] = nlohmann::json::object();
  for (const std::string& f : files)
    if (auto it = sources.find(f); it != sources.end()) data["sources"][f] = it->second;
  std::string json = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  // Inside <script>, "</" would end the element early.
  for (std::size_t at = 0; (at = json.find("</", at)) != std::string::npos; at += 3) json.replace(at, 2, "<\\/");
  std::string title = launches.empty() ? std::string("no launches") : escapeHtml(launches.front().kernel);
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>loom-ncu: " + title +
         "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n<h1>Source counters (loom-ncu)</h1>\n"
         "<div id=\"launches\"></div>\n<script type=\"application/json\" id=\"loom-data\">" + json +
         "</script>\n<script>" + kScript + "</script>\n</body>\n</html>\n";
}

}  // namespace loom::ncu
