/// A scene the viewer can push beyond the built-in three, registered in one line: the key
/// that pushes it from a context, the keys it answers once on top (its part of the key
/// table), and how it is made from what is on screen. A scene registered here needs no
/// change to FolioApp: the app pushes it with its own transition, routes keys to it and draws
/// it over the scenes it does not cover.
public struct SceneEntry: Sendable {
    /// The key that pushes the scene, and the context it does so from.
    public let key: Key
    public let from: KeyContext
    /// What pushing it does, in the key table's words.
    public let help: String
    /// The scene's own keys, once it is on top.
    public let context: KeyContext
    public let bindings: [KeyBinding]
    /// A pinch inwards (the wheel down, Ctrl+wheel down, fingers closing) on the `from`
    /// scene pushes it too, where that scene has nothing back to go to (the library grid
    /// from the shelf); its way back is then the pinch outwards.
    public let pinchedIn: Bool
    /// Makes the scene from what is on screen (`SceneMaking`: the scene on top as the key is
    /// pressed, the window's size, the books); nil when there is nothing for it to show.
    public let make: @Sendable (SceneMaking) -> (any Scene)?

    public init(key: Key, from: KeyContext, help: String, context: KeyContext, bindings: [KeyBinding],
                pinchedIn: Bool = false, make: @escaping @Sendable (SceneMaking) -> (any Scene)?) {
        self.pinchedIn = pinchedIn
        self.key = key
        self.from = from
        self.help = help
        self.context = context
        self.bindings = bindings
        self.make = make
    }

    /// The row that shows the key pushing it, in its `from` context.
    public var binding: KeyBinding {
        KeyBinding(keys: [key], context: from, action: .pushScene, help: help)
    }
}

/// What a registered scene is made from: the scene it goes over, the window's size in
/// points and the books.
public struct SceneMaking {
    public let below: any Scene
    public let size: Size
    public let library: Library
}

extension [SceneEntry] {
    /// The scene `key` brings up over `making.below` (the scene on top, at rest), if one is
    /// registered for it there and has something to show.
    func scene(for key: Key, _ making: SceneMaking) -> (any Scene)? {
        first { $0.key == key && $0.from == making.below.inputContext }?.make(making)
    }

    /// The registered scene a pinch inwards brings up over `top`, if one does.
    func pinchedIn(over top: any Scene) -> SceneEntry? {
        first { $0.pinchedIn && $0.from == top.inputContext }
    }

    /// True when a pinch inwards pushed `scene` (the wheel runs its transitions the other way).
    func isPinchedIn(_ scene: any Scene) -> Bool {
        contains { $0.pinchedIn && $0.context == scene.inputContext }
    }
}

/// The scenes the viewer registers beyond the shelf, the book and the reading view: one line
/// each. (Their keys join `KeyBindings.all`, so `--help`, the README and the list of keys
/// show them.)
public enum SceneCatalog {
    public static let entries: [SceneEntry] = [LibraryScene.entry]
}
