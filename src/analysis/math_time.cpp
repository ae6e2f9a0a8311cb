#include "analysis/math_time.hpp"

#include "model/suite.hpp"

namespace roofline {

MathTime math_time(const std::map<MathCall, double>& calls, const RoofsDocument& doc) {
  MathTime t;
  double most = 0;
  for (const auto& [call, n] : calls) {
    if (!(n > 0)) continue;
    MathTerm term{call, n, std::nullopt, 0};
    const MathRoof* roof = find_math_roof(doc.math, call);
    if (roof && roof->value() > 0) {
      term.calls_per_s = roof->value();
      term.seconds = n / roof->value();
      t.seconds += term.seconds;
      t.timed_calls += n;
      if (!t.dominant || term.seconds > most) most = term.seconds, t.dominant = call;
    }
    t.terms.push_back(term);
  }
  return t;
}

std::string math_roof_label(const MathCall& call) { return math_name(call.function, call.form) + " roof"; }

std::string unmeasured_math_note(const MathTime& t) {
  std::string list;
  for (const MathTerm& term : t.terms)
    if (!term.calls_per_s) list += (list.empty() ? "" : ", ") + term.call.label();
  return list.empty() ? "" : "no math roof for " + list + " in the roofs file: those calls are not timed";
}

}  // namespace roofline
