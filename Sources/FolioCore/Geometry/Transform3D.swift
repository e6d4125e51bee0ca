// Transform3D — a 4×4 homogeneous matrix with Core Animation's conventions.
//
// Conventions (the same as CATransform3D):
// - Row vectors: a point is the row [x y z 1] and is transformed as `p' = p · M`.
//   Translation lives in the last row (m41, m42, m43); perspective in the last column (m34).
// - `a.concatenating(b)` is `a · b`: apply `a` first, then `b`
//   (CATransform3DConcat(a, b)).
// - `t.translated(...)`, `t.scaled(...)`, `t.rotated(...)` prepend the new step, as
//   CATransform3DTranslate/Scale/Rotate do: the result is `step · t`, so the step acts in
//   the layer's local space before whatever `t` already does.
// - Angles are radians. A positive rotation about +y takes +x towards −z:
//   (x, 0, 0) → (x·cos a, 0, −x·sin a).
// - Screen axes: x to the right, y downwards (points), z towards the viewer.
//   With `m34 = −1/d` a point at z > 0 has w = 1 − z/d < 1 and so looks larger: the eye
//   sits at distance d in front of the layer's anchor point.
// - Projection divides by w: screen = (x'/w', y'/w').

/// A 4×4 transform with Core Animation's row-vector conventions (see the top of this file).
public struct Transform3D: Equatable, Sendable, CustomStringConvertible {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        _ m11: Double, _ m12: Double, _ m13: Double, _ m14: Double,
        _ m21: Double, _ m22: Double, _ m23: Double, _ m24: Double,
        _ m31: Double, _ m32: Double, _ m33: Double, _ m34: Double,
        _ m41: Double, _ m42: Double, _ m43: Double, _ m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    public static let identity = Transform3D(
        1, 0, 0, 0,
        0, 1, 0, 0,
        0, 0, 1, 0,
        0, 0, 0, 1)

    /// Identity with perspective: the eye at `distance` points in front of the anchor.
    public static func perspective(distance: Double) -> Transform3D {
        var t = identity
        t.m34 = -1 / distance
        return t
    }

    /// CATransform3DMakeTranslation.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        var t = identity
        t.m41 = tx
        t.m42 = ty
        t.m43 = tz
        return t
    }

    /// CATransform3DMakeScale.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        var t = identity
        t.m11 = sx
        t.m22 = sy
        t.m33 = sz
        return t
    }

    /// CATransform3DMakeRotation: `angle` radians about the axis (x, y, z), which need not be
    /// unit length. A zero axis gives the identity.
    public static func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let c = Double.cos(angle), s = Double.sin(angle), k = 1 - c
        return Transform3D(
            c + k * ux * ux, k * ux * uy + s * uz, k * ux * uz - s * uy, 0,
            k * uy * ux - s * uz, c + k * uy * uy, k * uy * uz + s * ux, 0,
            k * uz * ux + s * uy, k * uz * uy - s * ux, c + k * uz * uz, 0,
            0, 0, 0, 1)
    }

    /// `self · other`: apply `self` first, then `other` (CATransform3DConcat).
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// CATransform3DTranslate: translate in local space, then apply `self`.
    public func translated(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }

    /// CATransform3DScale: scale in local space, then apply `self`.
    public func scaled(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }

    /// CATransform3DRotate: rotate in local space, then apply `self`.
    public func rotated(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, x, y, z).concatenating(self)
    }

    /// The homogeneous image of a point: (x', y', z', w').
    @inline(__always)
    public func apply(_ p: Vector3) -> (x: Double, y: Double, z: Double, w: Double) {
        (p.x * m11 + p.y * m21 + p.z * m31 + m41,
         p.x * m12 + p.y * m22 + p.z * m32 + m42,
         p.x * m13 + p.y * m23 + p.z * m33 + m43,
         p.x * m14 + p.y * m24 + p.z * m34 + m44)
    }

    /// The projected 2D image of a point after the perspective divide, or nil when the point
    /// is at or behind the eye (w ≤ 0).
    @inline(__always)
    public func project(_ p: Vector3) -> Point? {
        let h = apply(p)
        guard h.w > 1e-9 else { return nil }
        return Point(x: h.x / h.w, y: h.y / h.w)
    }

    public var description: String {
        func row(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> String {
            "[\(a) \(b) \(c) \(d)]"
        }
        return row(m11, m12, m13, m14) + row(m21, m22, m23, m24)
            + row(m31, m32, m33, m34) + row(m41, m42, m43, m44)
    }
}

import RealModule
