import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// What the book-opening transition shows (SPEC §2–3): the cover or its inside, never both
/// and never neither; no shading on the closed cover; the shading's stop values.
@Suite struct BookOpeningPoseTests {
    /// The cover leaf's faces that would be drawn (page 0, page 1) in the app's pose now.
    static func coverFacesShowing(_ app: FolioApp) -> [Int] {
        guard let book = app.book else { return [] }
        return book.layers(in: app.pose.book).compactMap { layer in
            guard case .page(_, let page) = layer.content, page < 2,
                  layer.opacity > 0, layer.isFrontFacing else { return nil }
            return page
        }
    }

    /// Every frame of an opening and a closing, and a push held by the pinch at progress
    /// 0…1 (where the spring overshoots).
    @Test func exactlyOneOfCoverAndInsideShowsThroughTheWholeTransition() {
        let driver = AppDriver()
        var frames = 0
        var wrong: [String] = []
        func check(_ t: Double) {
            guard driver.app.book != nil else { return }
            frames += 1
            let faces = Self.coverFacesShowing(driver.app)
            if faces.count != 1 { wrong.append("t \(t) \(String(describing: driver.state)): \(faces)") }
        }
        driver.send(.key(.return))
        check(0)
        driver.run(until: 1.2, each: check)
        driver.send(.key(.escape))
        driver.run(until: 2.4, each: check)
        #expect(driver.kinds == [.shelf] && frames > 100)
        #expect(wrong.isEmpty, "\(wrong.count) frames wrong, first \(wrong.prefix(3))")

        let held = AppDriver()
        held.send(.wheel(dx: 0, dy: 0.01))
        guard let interaction = held.app.transition, interaction.state.phase == .interacting else {
            Issue.record("no held push"); return
        }
        var heldWrong: [Double] = []
        for notches in stride(from: 0.0, through: 8, by: 0.05) {
            held.send(.wheel(dx: 0, dy: 0.05))
            if Self.coverFacesShowing(held.app).count != 1 { heldWrong.append(notches) }
        }
        #expect(heldWrong.isEmpty, "wrong at \(heldWrong.prefix(5)) notches")
    }

    @Test func theClosedCoverCarriesNoShading() {
        let book = BookScene(bookIndex: 0, pageCount: 12, size: Size(width: 1280, height: 800))
        let cover = book.layers(in: .shelf).first { $0.content == .page(book: 0, page: 0) }
        guard let cover else { Issue.record("no cover drawn when closed"); return }
        #expect(cover.shading.map { !$0.isVisible } ?? true)
        #expect(cover.shading.map { $0.stops.allSatisfy { $0.alpha == 0 } } ?? true)
        // Half open, it does carry shading.
        var half = BookOpeningPose.open
        half.openness = 0.5
        let opening = book.layers(in: half).first { $0.content == .page(book: 0, page: 0) }
        #expect(opening?.shading?.isVisible == true)
    }

    /// SPEC §2 at offset 0: page 2 stands at −π/4 (ρ 0.5), page 1 at 0.7864 (ρ ≈ −0.4994).
    @Test func shadingStopsFollowTheSpec() {
        let layout = BookLayout(size: Size(width: 1280, height: 800), pageCount: 12)
        func stops(_ page: Int) -> [(x: Double, alpha: Double)] {
            let pose = layout.pose(of: page, offset: 0)
            return layout.layer(page: page, content: .blank, angle: pose.angle).shading?.stops ?? []
        }
        let right: [(x: Double, alpha: Double)] = [(0, 0.45 * 0.5), (0.02, 0.40 * 0.5), (1, 0.55 * 0.5)]
        let rho1 = -(1 - 0.7864 / (Double.pi / 2))
        let inv1 = 1 - abs(rho1)
        let left: [(x: Double, alpha: Double)] = [(0, 0.30 * inv1), (0.5, 0.40 * inv1), (0.98, 0.50 * inv1), (1, 0.55 * inv1)]
        for (page, expected) in [(2, right), (1, left)] {
            let got = stops(page)
            #expect(got.count == expected.count, "page \(page): \(got)")
            for (g, e) in zip(got, expected) {
                #expect(g.x == e.x && abs(g.alpha - e.alpha) < 2e-4, "page \(page): \(g) against \(e)")
            }
        }
        #expect(Shading.grey == 0.33)
    }
}
