// The image verb of the format: ImageSpec, the parse of an `image` line and
// its options (pull=DUR, crash=DUR, like=REF, ...), in the order the README
// documents them.

package scenario

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

// ImageSpec is a parsed `image` line.
type ImageSpec struct {
	// Ref is the image as written ("nginx:1.161"); "" for `image *`.
	Ref string
	// Defaults: the line is `image *`, which sets the registry's timing for
	// every image (Timing, with TimingSet saying which fields it sets).
	Defaults  bool
	Timing    images.Timing
	TimingSet [3]bool // pull, start, stop
	// Behavior is what an `image REF` line gives the image (replacing any
	// behaviour an earlier line gave it).
	Behavior images.Behavior
	// Like registers Ref as a copy of another image first (like=nginx:1.25).
	Like string
}

// image parses `image REF [OPTION...]` and `image * [pull=..] [start=..] [stop=..]`.
func (p *parser) image(n int, args []string) (ImageSpec, bool) {
	if len(args) == 0 {
		p.errorf(n, "image: missing image (want image REF [OPTION...], or image * for every image)")
		return ImageSpec{}, false
	}
	spec := ImageSpec{Ref: args[0]}
	if spec.Ref == "*" {
		spec.Ref, spec.Defaults = "", true
	} else if _, err := images.ParseReference(spec.Ref); err != nil {
		p.errorf(n, "image: %q: %v", spec.Ref, err)
		return spec, false
	}
	b := &spec.Behavior
	for _, a := range args[1:] {
		key, val, hasVal := strings.Cut(a, "=")
		opt, known := imageOptions[key]
		if !known {
			msg := fmt.Sprintf("image: unknown option %q", a)
			if s := suggest(key, imageOptionNames); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", imageOptionSpelling(s))
			} else {
				msg += " (want " + imageOptionList() + ")"
			}
			p.errorf(n, "%s", msg)
			return spec, false
		}
		if spec.Defaults && !opt.timing {
			p.errorf(n, "image *: %s applies to one image, not to every image (image * takes pull=, start= and stop=)", key)
			return spec, false
		}
		if opt.value == "" && hasVal {
			p.errorf(n, "image: option %s takes no value", key)
			return spec, false
		}
		if opt.value != "" && (!hasVal || val == "") {
			p.errorf(n, "image: option %s needs a value: %s", key, imageOptionSpelling(key))
			return spec, false
		}
		var d time.Duration
		if opt.value == "QTY" {
			q, err := resource.ParseQuantity(val)
			if err != nil || q.Sign() <= 0 {
				p.errorf(n, "image: %s: invalid quantity %q (want e.g. 250m or 1)", key, val)
				return spec, false
			}
			b.CPUMilli = q.MilliValue()
			continue
		}
		if opt.value == "DUR" {
			var err error
			d, err = time.ParseDuration(val)
			switch {
			case err != nil:
				p.errorf(n, "image: %s: invalid duration %q (want e.g. 500ms, 2s, 1m30s)", key, val)
				return spec, false
			case d < 0:
				p.errorf(n, "image: %s: invalid duration %q: must not be negative", key, val)
				return spec, false
			case d == 0 && !opt.timing:
				p.errorf(n, "image: %s: invalid duration %q: must be more than 0s", key, val)
				return spec, false
			}
		}
		// A Behavior's zero duration means "the default", a negative one
		// "instant"; the script's 0s means instant.
		instant := func(d time.Duration) time.Duration {
			if d == 0 {
				return -1
			}
			return d
		}
		switch key {
		case "pull", "start", "stop":
			i := map[string]int{"pull": 0, "start": 1, "stop": 2}[key]
			spec.TimingSet[i] = true
			switch i {
			case 0:
				spec.Timing.Pull, b.PullTime = d, instant(d)
			case 1:
				spec.Timing.Start, b.StartTime = d, instant(d)
			case 2:
				spec.Timing.Stop, b.StopTime = d, instant(d)
			}
		case "crash":
			b.CrashAfter = d
		case "exit":
			code, err := strconv.Atoi(val)
			if err != nil || code < 1 || code > 255 {
				p.errorf(n, "image: exit: invalid exit code %q: want 1 to 255", val)
				return spec, false
			}
			b.ExitCode = int32(code)
		case "ready":
			b.ReadyAfter = d
		case "unhealthy":
			b.UnhealthyAfter = d
		case "missing":
			b.Missing = true
		case "unready":
			b.NeverReady = true
		case "ignore-sigterm":
			t := true
			b.IgnoreSIGTERM = &t
		case "fail-poststart":
			b.FailPostStart = true
		case "fail-prestop":
			b.FailPreStop = true
		case "like":
			if _, err := images.ParseReference(val); err != nil {
				p.errorf(n, "image: like: %q: %v", val, err)
				return spec, false
			}
			spec.Like = val
		}
	}
	if b.ExitCode != 0 && b.CrashAfter == 0 {
		p.errorf(n, "image: exit= needs crash= (the exit code of the crash)")
		return spec, false
	}
	if b.Missing && (spec.Like != "" || b.CrashAfter != 0 || b.NeverReady || b.ReadyAfter != 0 || b.UnhealthyAfter != 0) {
		p.errorf(n, "image: a missing image never runs: drop the other options or missing")
		return spec, false
	}
	return spec, true
}

type imageOption struct {
	value  string // "DUR", "CODE", "REF" or "" for a flag
	timing bool   // allowed with image *
}

var imageOptions = map[string]imageOption{
	"pull": {"DUR", true}, "start": {"DUR", true}, "stop": {"DUR", true},
	"crash": {value: "DUR"}, "exit": {value: "CODE"}, "ready": {value: "DUR"}, "unhealthy": {value: "DUR"},
	"missing": {}, "unready": {}, "ignore-sigterm": {}, "fail-poststart": {}, "fail-prestop": {},
	"like": {value: "REF"}, "cpu": {value: "QTY"},
}

// imageOptionNames in the order the README documents them.
var imageOptionNames = []string{"pull", "start", "stop", "crash", "exit", "ready", "unhealthy",
	"missing", "unready", "ignore-sigterm", "fail-poststart", "fail-prestop", "like", "cpu"}

func imageOptionSpelling(name string) string {
	if v := imageOptions[name].value; v != "" {
		return name + "=" + v
	}
	return name
}

func imageOptionList() string {
	var s []string
	for _, o := range imageOptionNames {
		s = append(s, imageOptionSpelling(o))
	}
	return strings.Join(s, ", ")
}
