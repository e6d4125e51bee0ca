/// A full-window scene that lives on the navigation stack.
public protocol Scene: AnyObject {
    var kind: SceneKind { get }
    var size: Size { get }
    /// Adopt a new window size; whatever was moving lands at its target.
    func resize(to size: Size)
    func handle(_ input: SceneInput, at time: Double) -> SceneRequest?
    /// Advance animations to `time` on the animation clock.
    func update(at time: Double)
    /// True when nothing in the scene is moving.
    var isAtRest: Bool { get }
}
