package kubelet

import (
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// probeKind is prober/worker.go probeType.
type probeKind int

const (
	readiness probeKind = iota
	liveness
	startup
)

// String is the capitalised name the Unhealthy event uses.
func (p probeKind) String() string {
	switch p {
	case liveness:
		return "Liveness"
	case startup:
		return "Startup"
	}
	return "Readiness"
}

type probeResult int

const (
	resultUnknown probeResult = iota
	resultSuccess
	resultFailure
)

// probeWorker models prober/worker.go worker: one probe of one container
// instance. Upstream's worker is created when the kubelet admits the pod
// (prober manager AddPod) and lives across container restarts; its ticker
// fires every periodSeconds from then on, and doProbe skips the ticks
// before initialDelaySeconds have passed since the container started. So
// probes land on the pod's grid (startTime + k*period), not on the
// container's start; the only off-grid runs are the readiness manual
// triggers (prober manager UpdatePodStatus) when the pod is synced while
// not ready: at container start and when a startup probe succeeds. A result
// counts once it repeats successThreshold (success) or failureThreshold
// (failure) times in a row.
type probeWorker struct {
	kind       probeKind
	spec       *api.Probe
	w          *podWorker
	c          *container
	inst       *instance
	next       time.Time
	lastResult probeResult
	resultRun  int
	onHold     bool
	stopped    bool
	// steadyUntil is when a server probe's last success may next change
	// (see steady): before it, a run against the still running instance,
	// with the image behaviours as they were (steadyBehaviors), succeeds
	// without asking the simulated container again.
	steadyUntil     time.Time
	steadyBehaviors uint64
}

// startProbes creates the container instance's probe workers. Readiness
// starts at Failure (not ready), liveness at Success; a container with a
// startup probe is not started until it succeeds, and until then the
// other probes wait. A readiness probe whose initial delay is 0 runs at
// once (the manual trigger of the sync that sees the container start);
// every other probe first runs at the first tick of the pod's grid after
// its initial delay.
func (k *Kubelet) startProbes(w *podWorker, c *container, in *instance, now time.Time) {
	c.ready, c.started = false, false
	c.hasStartup = c.spec.StartupProbe != nil
	if !c.hasStartup {
		c.started = true
	}
	if c.spec.ReadinessProbe == nil {
		c.ready = c.started
	}
	add := func(kind probeKind, spec *api.Probe) {
		if spec == nil {
			return
		}
		p := &probeWorker{kind: kind, spec: spec, w: w, c: c, inst: in}
		c.probes = append(c.probes, p)
		first := in.startedAt.Add(time.Duration(spec.InitialDelaySeconds) * time.Second)
		if kind == readiness && !first.After(now) {
			k.runProbe(p, now)
			return
		}
		k.schedule(p, p.tickAtOrAfter(first))
	}
	add(startup, c.spec.StartupProbe)
	add(readiness, c.spec.ReadinessProbe)
	add(liveness, c.spec.LivenessProbe)
}

// tickAtOrAfter is the first tick of the worker's ticker at or after t:
// the pod's start time plus a whole number of periods.
func (p *probeWorker) tickAtOrAfter(t time.Time) time.Time {
	origin := p.w.startTime
	if !t.After(origin) {
		return origin
	}
	period := time.Duration(max(p.spec.PeriodSeconds, 1)) * time.Second
	n := (t.Sub(origin) + period - 1) / period
	return origin.Add(n * period)
}

// runProbe models worker.doProbe at now, then schedules the next run.
func (k *Kubelet) runProbe(p *probeWorker, now time.Time) {
	in, c := p.inst, p.c
	if p.stopped || c.inst != in || (in.state != instRunning && in.state != instStopping) {
		p.stopped = true
		return
	}
	defer func() {
		if !p.stopped {
			k.schedule(p, p.tickAtOrAfter(now.Add(time.Nanosecond)))
		}
	}()
	if p.onHold {
		return
	}
	if in.state == instStopping && p.kind != readiness {
		return
	}
	if p.kind != startup && !c.started {
		return
	}
	if p.kind == startup && c.started {
		p.stopped = true
		return
	}
	ok, output := k.probe(p, now)
	result := resultSuccess
	if !ok {
		result = resultFailure
		k.containerEvent(p.w, c, api.EventTypeWarning, reasonUnhealthy, msgProbeFailed(p.kind, output))
	}
	if p.lastResult == result {
		p.resultRun++
	} else {
		p.lastResult, p.resultRun = result, 1
	}
	if (result == resultFailure && p.resultRun < int(max(p.spec.FailureThreshold, 1))) ||
		(result == resultSuccess && p.resultRun < int(max(p.spec.SuccessThreshold, 1))) {
		return
	}
	changed := false
	switch p.kind {
	case readiness:
		ready := result == resultSuccess
		changed = c.ready != ready
		c.ready = ready
	case liveness:
		if result == resultFailure {
			c.livenessFailed, changed = true, true
			p.onHold, p.resultRun = true, 0
		}
	case startup:
		if result == resultSuccess {
			c.started, changed = true, true
			if c.spec.ReadinessProbe == nil {
				c.ready = true
			}
			p.stopped = true
			// The sync this result triggers sees the container started
			// but not ready and triggers its readiness probe, if that is
			// past its initial delay; liveness waits for its next tick.
			for _, q := range c.probes {
				if q.kind == readiness && !q.stopped && q.next.After(now) &&
					!in.startedAt.Add(time.Duration(q.spec.InitialDelaySeconds)*time.Second).After(now) {
					k.runProbe(q, now)
				}
			}
		} else {
			c.startupFailed, changed = true, true
			p.onHold, p.resultRun = true, 0
		}
	}
	if changed {
		k.queue.Add(p.w.key)
	}
}

// probe runs one probe against the simulated container: its image's
// ports and paths, its files, and the image's behaviour. It returns the
// outcome and, on failure, the output upstream's probers report.
func (k *Kubelet) probe(p *probeWorker, now time.Time) (bool, string) {
	c, in := p.c, p.inst
	if in.state == instRunning && now.Before(p.steadyUntil) && p.steadyBehaviors == k.reg.BehaviorChanges() {
		return true, ""
	}
	if !in.proc.exited && in.proc.pc < len(in.proc.steps) {
		in.proc.advance(now, k.serviceExists(p.w))
	}
	b := k.reg.Behavior(c.spec.Image)
	age := now.Sub(in.startedAt)
	unhealthy := b.UnhealthyAfter > 0 && age >= b.UnhealthyAfter
	neverReady := p.kind == readiness && b.NeverReady
	h := p.spec.ProbeHandler
	switch {
	case h.Exec != nil:
		if in.img.Shell == "" && len(h.Exec.Command) > 0 {
			return false, fmt.Sprintf("OCI runtime exec failed: exec failed: unable to start container process: exec: %q: executable file not found in $PATH: unknown", h.Exec.Command[0])
		}
		if unhealthy || neverReady {
			return false, ""
		}
		return execCheck(h.Exec.Command, in.proc, in.img)
	case h.HTTPGet != nil:
		port, err := resolvePort(h.HTTPGet.Port, c.spec)
		if err != nil {
			return false, err.Error()
		}
		switch {
		case !k.listening(c, in, port, now):
			host := orDefault(h.HTTPGet.Host, p.w.podIP)
			url := fmt.Sprintf("%s://%s:%d%s", strings.ToLower(string(orDefault(h.HTTPGet.Scheme, api.URISchemeHTTP))), host, port, h.HTTPGet.Path)
			return false, fmt.Sprintf("Get %q: dial tcp %s:%d: connect: connection refused", url, host, port)
		case unhealthy:
			return false, "HTTP probe failed with statuscode: 500"
		case neverReady:
			return false, "HTTP probe failed with statuscode: 503"
		case in.img.HTTPPaths != nil && !servesPath(in.img, h.HTTPGet.Path):
			return false, "HTTP probe failed with statuscode: 404"
		}
		return k.steady(p, b)
	case h.TCPSocket != nil:
		port, err := resolvePort(h.TCPSocket.Port, c.spec)
		if err != nil {
			return false, err.Error()
		}
		host := orDefault(h.TCPSocket.Host, p.w.podIP)
		if !k.listening(c, in, port, now) || unhealthy || neverReady {
			return false, fmt.Sprintf("dial tcp %s:%d: connect: connection refused", host, port)
		}
		return k.steady(p, b)
	case h.GRPC != nil:
		addr := fmt.Sprintf("%s:%d", p.w.podIP, h.GRPC.Port)
		if !k.listening(c, in, h.GRPC.Port, now) {
			return false, fmt.Sprintf("timeout: failed to connect service %q within 1s: context deadline exceeded", addr)
		}
		if unhealthy || neverReady {
			return false, `service unhealthy (responded with "NOT_SERVING")`
		}
		return k.steady(p, b)
	}
	return true, ""
}

// steady records a server probe's success (HTTP, TCP or gRPC: an exec
// probe reads files a command may change) and returns it. While the
// instance runs, that answer depends only on the process, which changes
// nothing before its next step (process.nextChange), and on the image's
// behaviour, whose UnhealthyAfter is a time known now; until the earlier
// of the two, and while no behaviour is set or cleared, probe answers from
// the memo. 10,000 pods' readiness probes are 1,000 runs a second, most of
// them against servers that have long been up.
func (k *Kubelet) steady(p *probeWorker, b images.Behavior) (bool, string) {
	in := p.inst
	if in.state != instRunning {
		return true, ""
	}
	until, changes := in.proc.nextChange()
	if !changes {
		until = forever
	}
	if b.UnhealthyAfter > 0 {
		if t := in.startedAt.Add(b.UnhealthyAfter); t.Before(until) {
			until = t
		}
	}
	p.steadyUntil, p.steadyBehaviors = until, k.reg.BehaviorChanges()
	return true, ""
}

// forever is later than any virtual time.
var forever = time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC)

func servesPath(img *images.Image, p string) bool {
	if p == "" {
		p = "/"
	}
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	for _, x := range img.HTTPPaths {
		if x == p {
			return true
		}
	}
	return false
}

// listening reports whether the container's process answers on port at
// now: its program is the image's server, the port is one it listens on,
// and a slow start (ReadyAfter) is over.
func (k *Kubelet) listening(c *container, in *instance, port int32, now time.Time) bool {
	if in == nil || in.proc == nil || !in.proc.listening || (in.state != instRunning && in.state != instStopping && in.state != instPostStart) {
		return false
	}
	if in.state == instStopping && !now.Before(in.sigtermAt) {
		return false // shutting down after SIGTERM
	}
	b := k.reg.Behavior(c.spec.Image)
	if b.ReadyAfter > 0 && now.Sub(in.startedAt) < b.ReadyAfter {
		return false
	}
	for _, p := range listenPorts(c.spec, in.img) {
		if p == port {
			return true
		}
	}
	return false
}

// listenPorts are the ports a container's server listens on: the image's,
// unless its arguments or PORT variable choose another
// (agnhost --http-port=8080, http-echo -listen=:5678, hello-app PORT).
func listenPorts(c *api.Container, img *images.Image) []int32 {
	for _, a := range argvFor(c) {
		for _, prefix := range []string{"--http-port=", "-listen=:", "--listen=:", "--port=", "-port="} {
			if v, ok := strings.CutPrefix(a, prefix); ok {
				if n, err := strconv.Atoi(v); err == nil {
					return []int32{int32(n)}
				}
			}
		}
	}
	for _, e := range c.Env {
		if e.Name == "PORT" {
			if n, err := strconv.Atoi(e.Value); err == nil {
				return []int32{int32(n)}
			}
		}
	}
	return img.Ports
}

// resolvePort models probe.ResolveContainerPort: a number, or the name of
// one of the container's ports.
func resolvePort(p api.IntOrString, c *api.Container) (int32, error) {
	if !p.IsString {
		return p.IntVal, nil
	}
	for _, cp := range c.Ports {
		if cp.Name == p.StrVal {
			return cp.ContainerPort, nil
		}
	}
	if n, err := strconv.Atoi(p.StrVal); err == nil {
		return int32(n), nil
	}
	return 0, fmt.Errorf("couldn't find port: %v in %v", p.StrVal, c.Name)
}

// execCheck runs an exec probe's command against the container's files:
// `cat F`, `test -f F`, `[ -e F ]`, `ls F`, `stat F` succeed when F exists;
// `exit N` and `false` fail; other commands succeed. The output on failure
// is what busybox or GNU coreutils print.
func execCheck(argv []string, proc *process, img *images.Image) (bool, string) {
	var stmts [][]string
	if len(argv) >= 3 && shells[path.Base(argv[0])] && argv[1] == "-c" {
		stmts = splitStatements(argv[2])
	} else if len(argv) > 0 {
		stmts = [][]string{argv}
	}
	for _, w := range stmts {
		cmd := path.Base(w[0])
		var file string
		switch cmd {
		case "cat", "ls", "stat", "head", "tail", "grep":
			for _, a := range w[1:] {
				if !strings.HasPrefix(a, "-") {
					file = a
				}
			}
		case "test", "[":
			for i, a := range w[1:] {
				if (a == "-f" || a == "-e" || a == "-s" || a == "-r") && i+2 < len(w) {
					file = w[i+2]
				}
			}
		case "exit":
			if len(w) > 1 && w[1] != "0" {
				return false, ""
			}
			return true, ""
		case "false":
			return false, ""
		}
		if file == "" || proc.hasFile(file) {
			continue
		}
		gnu := img.Shell == "gnu"
		switch cmd {
		case "cat", "head", "tail":
			if gnu {
				return false, fmt.Sprintf("%s: %s: No such file or directory", cmd, file)
			}
			return false, fmt.Sprintf("%s: can't open '%s': No such file or directory", cmd, file)
		case "ls":
			if gnu {
				return false, fmt.Sprintf("ls: cannot access '%s': No such file or directory", file)
			}
			return false, fmt.Sprintf("ls: %s: No such file or directory", file)
		case "stat":
			if gnu {
				return false, fmt.Sprintf("stat: cannot statx '%s': No such file or directory", file)
			}
			return false, fmt.Sprintf("stat: can't stat '%s': No such file or directory", file)
		case "grep":
			return false, fmt.Sprintf("grep: %s: No such file or directory", file)
		}
		return false, ""
	}
	return true, ""
}
