package session

// DecisionTick is the nearest tick before (dir < 0) or after (dir > 0)
// from at which a controller decided something, among the decisions the
// cluster still keeps; controller and object, when not "", narrow it to
// that controller's or that object's decisions (the Why? pane's filters).
// The tick must be on the timeline; ok is false when there is none.
func (s *Session) DecisionTick(from int64, dir int, controller, object string) (tick int64, ok bool) {
	all := s.w.sim.Decisions(0)
	match := func(i int) bool {
		d := all[i]
		return (controller == "" || d.Controller == controller) && (object == "" || d.Object == object)
	}
	if dir < 0 {
		for i := len(all) - 1; i >= 0; i-- {
			if all[i].Tick < from && match(i) {
				return all[i].Tick, true
			}
		}
		return 0, false
	}
	for i := range all {
		if all[i].Tick > from && all[i].Tick <= s.Head() && match(i) {
			return all[i].Tick, true
		}
	}
	return 0, false
}
