/// The app's side of the pinch: it tells the gesture what is on screen and carries out
/// what the gesture answers (`PinchGesture` holds the lifecycle and the rule).
extension FolioApp {
    /// What the pinch needs to know as an event arrives.
    var pinchSituation: PinchGesture.Situation {
        let running = navigation.transition.map {
            PinchGesture.Running(operation: $0.operation, state: $0.state, progress: $0.progress)
        }
        let zooming = running == nil ? navigation.top as? ZoomingScene : nil
        return PinchGesture.Situation(
            transition: running, canZoom: zooming != nil, isZoomed: zooming?.isZoomed ?? false,
            canGoDeeper: running == nil && navigation.top.deeper != nil,
            canGoBack: running == nil && navigation.top.back != nil)
    }

    func perform(_ actions: [PinchGesture.Action]) {
        for action in actions {
            switch action {
            case .zoom(let notches): if navigation.transition == nil { route(.pinchZoom(notches)) }
            case .goDeeper:
                if let request = navigation.top.deeper { carryOut(request) }
            case .goBack:
                if let request = navigation.top.back { carryOut(request) }
            case .grab: navigation.grab(with: PercentDrivenInteraction(scrubsLinearly: true), at: animationTime)
            case .move(let delta):
                if let progress = navigation.interactiveProgress { navigation.setInteractiveProgress(progress + delta) }
            case .finish: navigation.steer(forward: true, at: animationTime)
            case .cancel: navigation.steer(forward: false, at: animationTime)
            }
        }
    }
}
