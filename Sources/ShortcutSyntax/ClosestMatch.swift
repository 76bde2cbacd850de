/// "Did you mean": the candidate nearest a misspelt name, by edit distance.
/// Chooses the closest of `candidates` to `name`, for "did you mean" notes: the same one on every run.
public func closestMatch(to name: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(name.lowercased().unicodeScalars)
    var best: (String, Int)?
    for candidate in candidates where candidate != name {
        let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars))
        // Short names allow one edit, longer ones up to three: "nope" should not suggest "open".
        let limit = target.count <= 4 ? 1 : min(3, target.count / 4 + 1)
        // Ties go to the name first in alphabetical order, so the note never depends on the order the
        // candidates come in (a dictionary's differs from run to run).
        guard distance <= limit else { continue }
        if let (current, d) = best, d < distance || (d == distance && current <= candidate) { continue }
        best = (candidate, distance)
    }
    return best?.0
}

/// ` (did you mean 'x'?)` for the closest of `candidates`, or "" when none is close: the end of a one-line message.
public func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
    closestMatch(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
}

private func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
