import FolioCore
import FolioFuzzDriver
import Foundation

// libFuzzer target: any bytes given to the settings file's parser give settings and at most
// one warning, one line long; never a trap, never a hang.
fuzzMain { data in
    let (_, warning) = Settings.parse(data, name: "settings.conf")
    if let warning {
        precondition(!warning.contains("\n"), "a warning of more than one line")
        precondition(warning.count < 400, "a warning longer than a sentence")
    }
}
