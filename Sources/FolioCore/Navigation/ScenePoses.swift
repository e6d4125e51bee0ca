/// How the visible scenes show at one instant, each at a pose of its own type (`Scene.Pose`),
/// kept by scene: an animator sets the poses of the scenes it moves, and each scene reads its
/// own. A scene given no pose shows as it rests. Adding a scene adds its pose type, no field
/// here.
public struct ScenePoses {
    /// Each entry's pose is its scene's `Pose` (`set` takes only that type).
    private var entries: [(scene: any Scene, pose: any Sendable)] = []

    public init() {}

    /// Poses `scene` at `pose`; nothing when `scene` is nil (an animator poses only the
    /// scenes it knows: `context.below as? ShelfScene`).
    public mutating func set<S: Scene>(_ scene: S?, _ pose: S.Pose) {
        guard let scene else { return }
        entries.removeAll { $0.scene === scene }
        entries.append((scene, pose))
    }

    /// `scene`'s pose: as set, else as it rests.
    public subscript<S: Scene>(scene: S) -> S.Pose {
        entries.last { $0.scene === scene }?.pose as? S.Pose ?? scene.restingPose
    }

    /// True when `scene` was given a pose.
    public func poses(_ scene: any Scene) -> Bool {
        entries.contains { $0.scene === scene }
    }

    /// Takes `scene`'s pose from `other`, if it has one.
    mutating func take(_ scene: any Scene, from other: ScenePoses) {
        guard let entry = other.entries.last(where: { $0.scene === scene }) else { return }
        entries.removeAll { $0.scene === scene }
        entries.append(entry)
    }

    /// True when `scene` covers the scenes under it at its pose.
    public func isOpaque(_ scene: some Scene) -> Bool { scene.isOpaque(in: self[scene]) }

    /// Adds `scene`'s layers at its pose to `list`.
    public func draw(_ scene: some Scene, into list: inout DrawList) { scene.draw(into: &list, in: self[scene]) }
}
