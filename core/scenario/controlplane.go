package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/controller"
)

// controllerManager parses `controller-manager stop|start`: the
// kube-controller-manager process is killed (a crash, the first half of an
// upgrade) or a new one is started, which leads once the old one's Lease
// has expired. `controller-manager kube-api-qps=Q kube-api-burst=B` sets
// the flags its controllers' API clients are built with (either may be
// left out; a leading "--" is allowed).
func (p *parser) controllerManager(n int, args []string) (string, bool) {
	actions := []string{"stop", "start"}
	if len(args) == 0 {
		p.errorf(n, "controller-manager: missing action (want controller-manager stop|start, or kube-api-qps=N kube-api-burst=N)")
		return "", false
	}
	action := args[0]
	if strings.Contains(action, "=") {
		return "flags", p.kubeAPIFlags(n, args)
	}
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

// kubeAPIFlags checks `kube-api-qps=Q kube-api-burst=B` (the flags
// kube-controller-manager's options define: float32 and int32).
func (p *parser) kubeAPIFlags(n int, args []string) bool {
	_, err := ParseKubeAPIFlags(args)
	if err != nil {
		p.errorf(n, "controller-manager: %v", err)
		return false
	}
	return true
}

// ParseKubeAPIFlags reads `kube-api-qps=Q kube-api-burst=B` into a client
// connection; a flag left out stays 0, which kube-controller-manager's
// defaulting turns into its default (20 and 30). A negative QPS turns the
// rate limit off (client-go builds no rate limiter unless QPS > 0).
func ParseKubeAPIFlags(args []string) (controller.ClientConnection, error) {
	var conn controller.ClientConnection
	seen := map[string]bool{}
	for _, a := range args {
		name, value, ok := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !ok {
			return conn, fmt.Errorf("unexpected argument %q (want kube-api-qps=N or kube-api-burst=N)", a)
		}
		if seen[name] {
			return conn, fmt.Errorf("%s given twice", name)
		}
		seen[name] = true
		switch name {
		case "kube-api-qps":
			q, err := strconv.ParseFloat(value, 32)
			if err != nil {
				return conn, fmt.Errorf("invalid value %q for kube-api-qps: want a number", value)
			}
			conn.QPS = float32(q)
		case "kube-api-burst":
			b, err := strconv.ParseInt(value, 10, 32)
			if err != nil {
				return conn, fmt.Errorf("invalid value %q for kube-api-burst: want an integer", value)
			}
			if b < 0 || b > maxBurst {
				return conn, fmt.Errorf("kube-api-burst %d out of range (0 to %d)", b, maxBurst)
			}
			conn.Burst = int(b)
		default:
			msg := fmt.Sprintf("unknown flag %q", name)
			if s := suggest(name, []string{"kube-api-qps", "kube-api-burst"}); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			} else {
				msg += " (want kube-api-qps or kube-api-burst)"
			}
			return conn, fmt.Errorf("%s", msg)
		}
	}
	return conn, nil
}

// maxBurst bounds kube-api-burst so the bucket's fixed-point arithmetic
// cannot overflow; a million is far beyond any real setting.
const maxBurst = 1_000_000

// controllerManager runs a parsed `controller-manager` line.
func (r *Runner) controllerManager(action string, args []string) error {
	var err error
	switch action {
	case "flags":
		conn, perr := ParseKubeAPIFlags(args)
		if perr != nil {
			return fmt.Errorf("controller-manager: %v", perr)
		}
		r.sim.SetControllerManagerClient(conn)
		return nil
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
