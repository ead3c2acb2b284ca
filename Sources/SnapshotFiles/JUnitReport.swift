import RenderCore

/// A run of snapshots as a JUnit XML report, the format CI systems read (Jenkins'
/// `junit`, GitLab's `artifacts:reports:junit`, GitHub actions that publish test results):
/// one `<testsuite>` per screen, one `<testcase>` per golden file, named by the file, with
/// a `<failure>` whose text is the diff or the pixel count when it differs or is missing.
package enum JUnitReport {
  /// One golden file's verdict.
  package struct Case: Sendable, Equatable {
    /// The screen: the suite the case is in.
    package var subject: String
    /// The file as messages show it: `snapshots/cart-hair-spray/fr-FR.html`.
    package var name: String
    /// Why it failed, one line: `differs from its golden file`; nil when it passed.
    package var failure: String?
    /// What the failure's text holds: the diff, the pixel count.
    package var details: String

    package init(subject: String, name: String, failure: String?, details: String = "") {
      self.subject = subject
      self.name = name
      self.failure = failure
      self.details = details
    }

    /// A text or pixel file's case from its outcome; a recorded file passes (nothing to
    /// compare it with yet; the run's report names it).
    package init(subject: String, file: SnapshotFile, outcome: SnapshotOutcome) {
      self.subject = subject
      name = file.displayPath
      switch outcome {
      case .matched, .recorded:
        failure = nil
        details = ""
      case .missing:
        failure = "missing golden file"
        details = "missing golden file \(file.displayPath)"
      case .differs(let diff):
        failure = "differs from its golden file"
        details = diff
      case .notWritten(let reason):
        failure = "could not be written"
        details = reason
      }
    }
  }

  /// The report: `<testsuites name="…">`, suites in the order their first case came.
  package static func xml(name: String, cases: [Case]) -> String {
    var order: [String] = []
    var bySubject: [String: [Case]] = [:]
    for item in cases {
      if bySubject[item.subject] == nil { order.append(item.subject) }
      bySubject[item.subject, default: []].append(item)
    }
    let failures = cases.count { $0.failure != nil }
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"\(escape(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\">\n"
    for subject in order {
      let suite = bySubject[subject] ?? []
      out += "  <testsuite name=\"\(escape(subject))\" tests=\"\(suite.count)\" "
      out += "failures=\"\(suite.count { $0.failure != nil })\" errors=\"0\" skipped=\"0\">\n"
      for item in suite {
        out += "    <testcase classname=\"\(escape(subject))\" name=\"\(escape(item.name))\""
        if let failure = item.failure {
          out += ">\n      <failure message=\"\(escape(failure))\" type=\"snapshot\">"
          out += escape(item.details)
          out += "</failure>\n    </testcase>\n"
        } else {
          out += "/>\n"
        }
      }
      out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  /// Text for XML content and attribute values: the five special characters as
  /// references, and every character XML 1.0 cannot carry (controls other than tab, line
  /// feed and carriage return, lone surrogates cannot occur in a Swift string) as `�`'s
  /// stand-in `\u{FFFD}`.
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t": out += "&#9;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      default:
        if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
          out += "\u{FFFD}"
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out
  }
}
