package scenario

import "fmt"

// controllerManager parses `controller-manager stop|start`: the
// kube-controller-manager process is killed (a crash, the first half of an
// upgrade) or a new one is started, which leads once the old one's Lease
// has expired.
func (p *parser) controllerManager(n int, args []string) (string, bool) {
	actions := []string{"stop", "start"}
	if len(args) == 0 {
		p.errorf(n, "controller-manager: missing action (want controller-manager stop|start)")
		return "", false
	}
	action := args[0]
	switch action {
	case "stop", "start":
	default:
		msg := fmt.Sprintf("controller-manager: unknown action %q", action)
		if s := suggest(action, actions); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		} else {
			msg += " (want stop or start)"
		}
		p.errorf(n, "%s", msg)
		return action, false
	}
	if len(args) > 1 {
		p.errorf(n, "controller-manager %s: unexpected argument %q", action, args[1])
		return action, false
	}
	return action, true
}

// controllerManager runs a parsed `controller-manager` line.
func (r *Runner) controllerManager(action string) error {
	var err error
	switch action {
	case "stop":
		err = r.sim.StopControllerManager()
	case "start":
		err = r.sim.StartControllerManager()
	}
	if err != nil {
		return fmt.Errorf("controller-manager %s: %v", action, err)
	}
	return nil
}
