import Foundation
import Testing
@testable import FolioCore
@testable import FolioLibrary

/// Transform3D against hand-computed matrices (Core Animation's row-vector conventions).
@Suite struct Transform3DTests {
    static let tol = 1e-12

    /// The 16 elements in row-major order.
    static func elements(_ m: Transform3D) -> [Double] {
        [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
         m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44]
    }

    static func maxDifference(_ a: Transform3D, _ b: Transform3D) -> Double {
        zip(elements(a), elements(b)).map { abs($0 - $1) }.max()!
    }

    static func randomMatrix(_ g: inout SplitMix64) -> Transform3D {
        let e = (0..<16).map { _ in Double.random(in: -2...2, using: &g) }
        return Transform3D(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7],
                           e[8], e[9], e[10], e[11], e[12], e[13], e[14], e[15])
    }

    @Test func identityLeavesPointsAndMatricesAlone() {
        let p = Vector3(3, -4, 5)
        let h = Transform3D.identity.apply(p)
        #expect(h.x == 3 && h.y == -4 && h.z == 5 && h.w == 1)
        var g = SplitMix64(seed: 1)
        let m = Self.randomMatrix(&g)
        #expect(Transform3D.identity.concatenating(m) == m)
        #expect(m.concatenating(.identity) == m)
    }

    @Test func translationLivesInTheLastRow() {
        let t = Transform3D.translation(10, -20, 30)
        #expect(t.m41 == 10 && t.m42 == -20 && t.m43 == 30)
        let h = t.apply(Vector3(1, 2, 3))
        #expect(h.x == 11 && h.y == -18 && h.z == 33 && h.w == 1)
    }

    @Test func scaleLivesOnTheDiagonal() {
        let s = Transform3D.scale(2, 3, 4)
        #expect(s.m11 == 2 && s.m22 == 3 && s.m33 == 4 && s.m44 == 1)
        let h = s.apply(Vector3(1, 1, 1))
        #expect(h.x == 2 && h.y == 3 && h.z == 4)
    }

    @Test(arguments: [0.3, -1.2, Double.pi / 2, 2.5])
    func rotationAboutYTakesXTowardsMinusZ(angle a: Double) {
        let r = Transform3D.rotation(a, 0, 1, 0)
        #expect(abs(r.m11 - cos(a)) < Self.tol && abs(r.m13 + sin(a)) < Self.tol)
        #expect(abs(r.m31 - sin(a)) < Self.tol && abs(r.m33 - cos(a)) < Self.tol)
        #expect(abs(r.m22 - 1) < Self.tol && r.m12 == 0 && r.m21 == 0)
        let h = r.apply(Vector3(7, 0, 0))
        #expect(abs(h.x - 7 * cos(a)) < Self.tol && abs(h.y) < Self.tol && abs(h.z + 7 * sin(a)) < Self.tol)
    }

    @Test(arguments: [0.4, -2.0])
    func rotationAboutXAndZFollowTheRightHandRule(angle a: Double) {
        // About z: +x turns towards +y.
        let hz = Transform3D.rotation(a, 0, 0, 1).apply(Vector3(1, 0, 0))
        #expect(abs(hz.x - cos(a)) < Self.tol && abs(hz.y - sin(a)) < Self.tol && abs(hz.z) < Self.tol)
        // About x: +y turns towards +z.
        let hx = Transform3D.rotation(a, 1, 0, 0).apply(Vector3(0, 1, 0))
        #expect(abs(hx.x) < Self.tol && abs(hx.y - cos(a)) < Self.tol && abs(hx.z - sin(a)) < Self.tol)
    }

    /// Rodrigues' formula v' = v cos a + (k × v) sin a + k (k·v)(1 − cos a) for random axes.
    @Test func rotationAboutAnyAxisMatchesRodrigues() {
        var g = SplitMix64(seed: 7)
        var errors: [Double] = []
        for _ in 0..<50 {
            let axis = (0..<3).map { _ in Double.random(in: -3...3, using: &g) }
            let a = Double.random(in: -Double.pi...Double.pi, using: &g)
            let v = (0..<3).map { _ in Double.random(in: -100...100, using: &g) }
            let n = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).squareRoot()
            let k = axis.map { $0 / n }
            let cross = [k[1] * v[2] - k[2] * v[1], k[2] * v[0] - k[0] * v[2], k[0] * v[1] - k[1] * v[0]]
            let dot = k[0] * v[0] + k[1] * v[1] + k[2] * v[2]
            let expected = (0..<3).map { v[$0] * cos(a) + cross[$0] * sin(a) + k[$0] * dot * (1 - cos(a)) }
            let h = Transform3D.rotation(a, axis[0], axis[1], axis[2]).apply(Vector3(v[0], v[1], v[2]))
            errors.append(max(abs(h.x - expected[0]), abs(h.y - expected[1]), abs(h.z - expected[2]), abs(h.w - 1)))
        }
        #expect(errors.max()! < 1e-9)
    }

    @Test func zeroAxisRotationIsIdentity() {
        #expect(Transform3D.rotation(1, 0, 0, 0) == .identity)
    }

    @Test func concatenationIsTheRowMajorProduct() {
        var g = SplitMix64(seed: 3)
        var errors: [Double] = []
        for _ in 0..<20 {
            let a = Self.randomMatrix(&g), b = Self.randomMatrix(&g)
            let ea = Self.elements(a), eb = Self.elements(b)
            var expected = [Double](repeating: 0, count: 16)
            for r in 0..<4 { for c in 0..<4 { for k in 0..<4 { expected[r * 4 + c] += ea[r * 4 + k] * eb[k * 4 + c] } } }
            let product = Self.elements(a.concatenating(b))
            errors.append(zip(product, expected).map { abs($0 - $1) }.max()!)
        }
        #expect(errors.max()! < 1e-12)
    }

    @Test func concatenatingAppliesTheReceiverFirst() {
        let move = Transform3D.translation(10, 0, 0), double = Transform3D.scale(2, 2, 2)
        // Translate, then scale: the origin goes to 10, then 20.
        #expect(move.concatenating(double).apply(Vector3(0, 0, 0)).x == 20)
        #expect(double.concatenating(move).apply(Vector3(0, 0, 0)).x == 10)
        // Rotate +x a quarter turn about z (onto +y), then translate.
        let turn = Transform3D.rotation(Double.pi / 2, 0, 0, 1)
        let h = turn.concatenating(move).apply(Vector3(1, 0, 0))
        #expect(abs(h.x - 10) < Self.tol && abs(h.y - 1) < Self.tol)
        // Applying a · b equals applying a, then b.
        var g = SplitMix64(seed: 11)
        let a = Self.randomMatrix(&g), b = Self.randomMatrix(&g)
        let p = Vector3(1.5, -2, 0.25)
        let ha = a.apply(p)
        let afterA = [ha.x, ha.y, ha.z, ha.w], eb = Self.elements(b)
        let expected = (0..<4).map { c in (0..<4).reduce(0.0) { $0 + afterA[$1] * eb[$1 * 4 + c] } }
        let combined = a.concatenating(b).apply(p)
        let got = [combined.x, combined.y, combined.z, combined.w]
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-12 })
    }

    /// CATransform3DTranslate/Scale/Rotate prepend: the new step acts first, in local space.
    @Test func translatedScaledRotatedPrependTheirStep() {
        let scaled2 = Transform3D.scale(2, 2, 2)
        let t = scaled2.translated(5, 0, 0)
        #expect(t.apply(Vector3(0, 0, 0)).x == 10) // translate by 5, then scale by 2
        #expect(Self.maxDifference(t, Transform3D.translation(5, 0, 0).concatenating(scaled2)) == 0)

        let r = Transform3D.translation(100, 0, 0).rotated(Double.pi / 2, 0, 0, 1)
        let hr = r.apply(Vector3(1, 0, 0)) // rotate onto +y, then move right
        #expect(abs(hr.x - 100) < Self.tol && abs(hr.y - 1) < Self.tol)

        let s = Transform3D.translation(7, 0, 0).scaled(3, 3, 3)
        let hs = s.apply(Vector3(1, 1, 1))
        #expect(hs.x == 10 && hs.y == 3 && hs.z == 3)
    }

    @Test(arguments: [500.0, 2000.0])
    func perspectiveMakesNearPointsLarger(distance d: Double) {
        let p = Transform3D.perspective(distance: d)
        #expect(p.m34 == -1 / d)
        let flat = p.project(Vector3(100, 50, 0))!
        #expect(flat == Point(x: 100, y: 50))
        let near = p.project(Vector3(100, 50, d / 4))!
        #expect(abs(near.x - 100 / (1 - 0.25)) < 1e-9 && abs(near.y - 50 / 0.75) < 1e-9)
        let far = p.project(Vector3(100, 50, -d))!
        #expect(abs(far.x - 50) < 1e-9 && abs(far.y - 25) < 1e-9)
        #expect(near.x > flat.x && far.x < flat.x)
    }

    @Test(arguments: [1.0, 1.5, 10.0])
    func projectIsNilAtOrBehindTheEye(depthInDistances k: Double) {
        let d = 2000.0
        #expect(Transform3D.perspective(distance: d).project(Vector3(10, 10, k * d)) == nil)
        #expect(Transform3D.perspective(distance: d).project(Vector3(10, 10, 0.99 * d)) != nil)
    }

    /// A right page's transform: rotate about y, then perspective (the BookLayout order).
    @Test func rotatedPageProjectsWithPerspective() {
        let d = 2000.0, a = -Double.pi / 4, x = 362.0
        let m = Transform3D.perspective(distance: d).rotated(a, 0, 1, 0)
        let z = -x * sin(a) // the outer edge rises towards the viewer
        let expected = x * cos(a) / (1 - z / d)
        let p = m.project(Vector3(x, 0, 0))!
        #expect(z > 0)
        #expect(abs(p.x - expected) < 1e-9 && abs(p.y) < 1e-12)
        #expect(abs(m.apply(Vector3(x, 0, 0)).z - z) < 1e-9)
    }
}
