package kubelet

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// runHook models lifecycle/handlers.go handlerRunner.Run for a postStart or
// preStop hook: how long it takes, whether it fails, and the message the
// kubelet keeps (the container's waiting message for postStart). Exec
// hooks take as long as their script sleeps and may create or remove
// files the probes then see; httpGet hooks fail when nothing listens on
// the port; sleep hooks take their seconds. forceFail is the image
// behaviour FailPostStart / FailPreStop.
func (k *Kubelet) runHook(w *podWorker, c *container, in *instance, h *api.LifecycleHandler, forceFail bool, at time.Time) (time.Duration, bool, string) {
	switch {
	case h.Exec != nil:
		argv := h.Exec.Command
		fail := func(err string) (time.Duration, bool, string) {
			return 0, true, fmt.Sprintf("Exec lifecycle hook (%v) for Container %q in Pod %q failed - error: %s, message: %q",
				argv, c.name, formatPod(w.pod), err, "")
		}
		if len(argv) == 0 {
			return fail("command '' exited with 126: ")
		}
		if in.img.Shell == "" {
			return fail(fmt.Sprintf("rpc error: code = Unknown desc = failed to exec in container: failed to start exec: OCI runtime exec failed: exec failed: unable to start container process: exec: %q: executable file not found in $PATH: unknown", argv[0]))
		}
		d, code := scriptDuration(argv, in.img)
		// The hook's file effects land in the container.
		for _, s := range programFor(&api.Container{Command: argv}, in.img) {
			switch s.kind {
			case stepTouch:
				in.proc.files[s.arg] = true
			case stepRemove:
				delete(in.proc.files, s.arg)
			}
		}
		if forceFail && code == 0 {
			code = 1
		}
		if code != 0 {
			_, _, msg := fail(fmt.Sprintf("command '%s' exited with %d: ", strings.Join(argv, " "), code))
			return d, true, msg
		}
		return d, false, ""
	case h.HTTPGet != nil:
		in.proc.advance(at, k.serviceExists(w))
		port, err := resolvePort(h.HTTPGet.Port, c.spec)
		host := h.HTTPGet.Host
		if host == "" {
			host = w.podIP
		}
		url := fmt.Sprintf("%s://%s:%d%s", strings.ToLower(string(orDefault(h.HTTPGet.Scheme, api.URISchemeHTTP))), host, port, h.HTTPGet.Path)
		var cause string
		switch {
		case err != nil:
			cause = err.Error()
		case forceFail || !k.listening(c, in, port, at):
			cause = fmt.Sprintf("Get %q: dial tcp %s:%d: connect: connection refused", url, host, port)
		}
		if cause != "" {
			return 0, true, fmt.Sprintf("HTTP lifecycle hook (%s) for Container %q in Pod %q failed - error: %s",
				h.HTTPGet.Path, c.name, formatPod(w.pod), cause)
		}
		return 0, false, ""
	case h.Sleep != nil:
		return time.Duration(h.Sleep.Seconds) * time.Second, false, ""
	}
	// tcpSocket is accepted by validation but not supported as a hook.
	err := "invalid handler: tcpSocket is not supported as a lifecycle handler"
	return 0, true, "Cannot run handler: " + err
}

func orDefault[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}
