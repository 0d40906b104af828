#include "check/report/launch_record.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "check/report/report_file.h"
#include "options/options.h"
#include "report/symbolize.h"

namespace loom::check {

Recorder& Recorder::instance() {
  static Recorder* recorder = new Recorder;  // never destroyed: the exit-time report reads it
  return *recorder;
}

namespace {
// Made before main, so that LOOM_REPORT writes a report even for a program that launches nothing.
[[maybe_unused]] const bool kRecorderReady = (Recorder::instance(), true);
}  // namespace

Recorder::Recorder() {
  // LOOM_LOCKSTEP=1: lockstep warps (legacy warp-synchronous code) without writing a report.
  const options::Options& o = options::get();
  enabled_ = o.lockstep;
  if (!o.reportPath.empty()) writeReportAtExit(o.reportPath);
  try {
    filter_.emplace(o);
  } catch (const std::exception& e) {  // a malformed LOOM_REPORT_KERNEL_ID
    std::fprintf(stderr, "loom: error: %s\n", e.what());
    std::exit(1);
  }
}

bool Recorder::enabled() const {
  std::lock_guard lock(mutex_);
  return enabled_;
}

void Recorder::setEnabled(bool on) {
  std::lock_guard lock(mutex_);
  enabled_ = on;
}

std::shared_ptr<LaunchRecord> Recorder::begin(const void* kernel, dim3 grid, dim3 block, unsigned stream) {
  std::lock_guard lock(mutex_);
  if (filter_->active() && !filter_->select(report::profilerNames(report::mangledName(kernel)))) return nullptr;
  auto record = std::make_shared<LaunchRecord>();
  record->kernel = kernel;
  record->grid = grid;
  record->block = block;
  record->stream = stream;
  record->id = records_.size();
  records_.push_back(record);
  return record;
}

std::vector<std::shared_ptr<LaunchRecord>> Recorder::records() const {
  std::lock_guard lock(mutex_);
  return records_;
}

void Recorder::clear() {
  std::lock_guard lock(mutex_);
  records_.clear();
}

}  // namespace loom::check
