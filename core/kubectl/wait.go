package kubectl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// errNoMatchingResources is wait.go's error when nothing was found.
var errNoMatchingResources = errors.New("no matching resources found")

// runWait is `kubectl wait` (staging/src/k8s.io/kubectl/pkg/cmd/wait/
// wait.go, condition.go, delete.go, json.go): --for=delete,
// --for=condition=NAME[=VALUE] (True by default, case-insensitive; the
// object's observedGeneration must have caught up) and
// --for=jsonpath='{PATH}'=VALUE, each object in turn, while simulated time
// runs. --timeout defaults to 30s.
func runWait(e *env, c *command, fs *flagSet, args []string) error {
	cond := fs.string("for")
	check, isDelete, err := conditionFuncFor(cond)
	if err != nil {
		return err
	}
	r, err := e.resolve(selection{args: args, filenames: fs.strings("filename"), selector: fs.string("selector"),
		fieldSelector: fs.string("field-selector"), all: fs.bool("all"), allNS: fs.bool("all-namespaces"), latest: true})
	if err != nil {
		return err
	}
	var errs []error
	for _, err := range r.errs {
		if !(isDelete && apiserver.IsNotFound(err)) {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return newAggregate(errs)
	}
	if len(r.infos) == 0 {
		if isDelete {
			return nil
		}
		return errNoMatchingResources
	}
	timeout := fs.duration("timeout")
	for _, in := range r.infos {
		var final api.Object
		if isDelete {
			if e.waitGone(in, timeout) {
				return fmt.Errorf("%s on %s/%s", errWaitTimeout, in.kind.Resource, in.name)
			}
			final = in.obj
		} else {
			timedOut, err := e.poll(e.limit(timeout), func() (bool, error) {
				obj, err := e.cluster.Server().Get(in.kind, in.namespace, in.name)
				if err != nil {
					return false, err
				}
				u, err := printers.ToUnstructured(obj)
				if err != nil {
					return false, err
				}
				if check(u) {
					final = obj
					return true, nil
				}
				return false, nil
			})
			if err != nil {
				return err
			}
			if timedOut {
				return fmt.Errorf("%s on %s/%s", errWaitTimeout, in.kind.Resource, in.name)
			}
		}
		if err := e.printName(in, final, "condition met", fs.string("output")); err != nil {
			return err
		}
	}
	return nil
}

// conditionFuncFor is wait.go's conditionFuncFor.
func conditionFuncFor(condition string) (func(map[string]any) bool, bool, error) {
	lower := strings.ToLower(condition)
	switch {
	case lower == "delete":
		return nil, true, nil
	case lower == "create":
		return func(map[string]any) bool { return true }, false, nil
	case strings.HasPrefix(condition, "condition="):
		name := strings.TrimPrefix(condition, "condition=")
		value := "true"
		if i := strings.Index(name, "="); i >= 0 {
			name, value = name[:i], name[i+1:]
		}
		return func(u map[string]any) bool { return conditionMet(u, name, value) }, false, nil
	case strings.HasPrefix(condition, "jsonpath="):
		expr := strings.TrimPrefix(condition, "jsonpath=")
		path, value, hasValue := splitJSONPathCondition(expr)
		if path == "" {
			return nil, false, fmt.Errorf("jsonpath expression cannot be empty")
		}
		return func(u map[string]any) bool {
			got, ok := lookupPath(u, path)
			if !ok {
				return false
			}
			if !hasValue {
				return true
			}
			return fmt.Sprint(got) == value
		}, false, nil
	}
	return nil, false, fmt.Errorf("unrecognized condition: %q", condition)
}

// conditionMet is ConditionalWait.checkCondition.
func conditionMet(u map[string]any, name, value string) bool {
	status, _ := u["status"].(map[string]any)
	conds, _ := status["conditions"].([]any)
	for _, c := range conds {
		cm, _ := c.(map[string]any)
		t, _ := cm["type"].(string)
		if !strings.EqualFold(t, name) {
			continue
		}
		s, ok := cm["status"].(string)
		if !ok {
			continue
		}
		md, _ := u["metadata"].(map[string]any)
		if gen, ok := md["generation"].(int64); ok {
			observed, ok := cm["observedGeneration"].(int64)
			if !ok {
				observed, ok = status["observedGeneration"].(int64)
			}
			if ok && observed < gen {
				return false
			}
		}
		return strings.EqualFold(s, value)
	}
	return false
}

// splitJSONPathCondition splits "{.status.readyReplicas}=3".
func splitJSONPathCondition(expr string) (path, value string, hasValue bool) {
	expr = strings.Trim(expr, "'")
	if i := strings.LastIndex(expr, "}"); i >= 0 {
		path, rest := expr[:i+1], expr[i+1:]
		if strings.HasPrefix(rest, "=") {
			return strings.Trim(path, "{}"), rest[1:], true
		}
		return strings.Trim(path, "{}"), "", false
	}
	p, v, ok := strings.Cut(expr, "=")
	return p, v, ok
}

// lookupPath follows a simple ".a.b" path through an unstructured object.
func lookupPath(u map[string]any, path string) (any, bool) {
	var cur any = u
	for _, part := range strings.Split(strings.TrimPrefix(path, "."), ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[part]; !ok {
			return nil, false
		}
	}
	return cur, true
}
