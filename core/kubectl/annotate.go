package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// metaChange is a parsed list of KEY=VALUE and KEY- arguments
// (cmdutil.ParsePairs).
type metaChange struct {
	set    map[string]string
	remove []string
}

func parseMetaPairs(pairs []string, pairType string) (*metaChange, error) {
	m := &metaChange{set: map[string]string{}}
	var invalid []string
	for _, p := range pairs {
		switch {
		case strings.Contains(p, "=") && p[0] != '=':
			k, v, _ := strings.Cut(p, "=")
			m.set[k] = v
		case strings.HasSuffix(p, "-") && p != "-":
			m.remove = append(m.remove, strings.TrimSuffix(p, "-"))
		default:
			invalid = append(invalid, p)
		}
	}
	if len(invalid) > 0 {
		return nil, fmt.Errorf("invalid %s format: %s", pairType, strings.Join(invalid, ", "))
	}
	for _, k := range m.remove {
		if _, ok := m.set[k]; ok {
			return nil, fmt.Errorf("can not both modify and remove %s in the same command", map[string]string{"annotation": "an annotation", "label": "a label"}[pairType])
		}
	}
	return m, nil
}

func (m *metaChange) keys() []string {
	keys := make([]string, 0, len(m.set))
	for k := range m.set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// apply changes a label or annotation map and reports whether it changed.
func (m *metaChange) apply(target *map[string]string) bool {
	changed := false
	for _, k := range m.keys() {
		if *target == nil {
			*target = map[string]string{}
		}
		if old, ok := (*target)[k]; !ok || old != m.set[k] {
			changed = true
		}
		(*target)[k] = m.set[k]
	}
	for _, k := range m.remove {
		if _, ok := (*target)[k]; ok {
			delete(*target, k)
			changed = true
		}
	}
	return changed
}

// mergePatch is the JSON merge patch kubectl sends for label and annotate
// (jsonpatch.CreateMergePatch of the metadata map).
func (m *metaChange) mergePatch(field string) []byte {
	values := map[string]any{}
	for k, v := range m.set {
		values[k] = v
	}
	for _, k := range m.remove {
		values[k] = nil
	}
	b, _ := json.Marshal(map[string]any{"metadata": map[string]any{field: values}})
	return b
}

// runAnnotate is `kubectl annotate` (staging/src/k8s.io/kubectl/pkg/cmd/
// annotate/annotate.go): without --overwrite an annotation may not change
// its value, except kubernetes.io/change-cause.
func runAnnotate(e *env, c *command, fs *flagSet, args []string) error {
	return e.labelOrAnnotate(fs, args, "annotation")
}

// labelOrAnnotate is the shared body of label and annotate.
func (e *env) labelOrAnnotate(fs *flagSet, args []string, pairType string) error {
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	resources, pairs, err := getResourcesAndPairs(args, pairType)
	if err != nil {
		return err
	}
	change, err := parseMetaPairs(pairs, pairType)
	if err != nil {
		return err
	}
	// LabelOptions.Validate, AnnotateOptions.Validate
	if fs.bool("all") && fs.string("selector") != "" {
		return errors.New("cannot set --all and --selector at the same time")
	}
	if fs.bool("all") && fs.string("field-selector") != "" {
		return errors.New("cannot set --all and --field-selector at the same time")
	}
	if len(resources) < 1 && len(fs.strings("filename")) == 0 {
		return errors.New("one or more resources must be specified as <resource> <name> or <resource>/<name>")
	}
	if len(change.set) == 0 && len(change.remove) == 0 && !fs.bool("list") {
		return fmt.Errorf("at least one %s update is required", pairType)
	}
	r, err := e.resolve(selection{args: resources, filenames: fs.strings("filename"), selector: fs.string("selector"),
		fieldSelector: fs.string("field-selector"), all: fs.bool("all"), allNS: fs.bool("all-namespaces"), requireNames: true, latest: true})
	if err != nil {
		return err
	}
	errs := r.errs
	for _, in := range r.infos {
		if err := e.labelOne(in, fs, dry, change, pairType); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

// labelOne changes one object's labels or annotations. A client dry run
// prints the object as changed here (labelFunc / updateAnnotations on the
// fetched object), sending nothing.
func (e *env) labelOne(in *info, fs *flagSet, dry dryRun, change *metaChange, pairType string) error {
	m := in.obj.GetObjectMeta()
	field, current := "annotations", m.Annotations
	if pairType == "label" {
		field, current = "labels", m.Labels
	}
	if fs.bool("list") {
		keys := make([]string, 0, len(current))
		for k := range current {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(e.out, "%s=%s\n", k, current[k])
		}
		return nil
	}
	if !fs.bool("overwrite") {
		if err := noOverwrites(current, change, pairType); err != nil {
			return err
		}
	}
	if rv := fs.string("resource-version"); rv != "" && rv != m.ResourceVersion {
		return apiserver.NewConflict(in.kind, in.name, errors.New(apiserver.OptimisticLockErrorMsg))
	}
	before := len(current)
	cp := map[string]string{}
	for k, v := range current {
		cp[k] = v
	}
	changed := change.apply(&cp)
	operation := "annotated"
	if pairType == "label" {
		switch {
		case !changed:
			operation = "not labeled"
		case !fs.bool("overwrite") && len(cp) < before:
			operation = "unlabeled"
		default:
			operation = "labeled"
		}
	}
	obj := in.obj
	if changed {
		var err error
		obj, err = e.write(dry, func() (api.Object, error) {
			local := in.obj.DeepCopyObject()
			if pairType == "label" {
				local.GetObjectMeta().Labels = cp
			} else {
				local.GetObjectMeta().Annotations = cp
			}
			return local, nil
		}, func() (api.Object, error) {
			return e.cluster.Server().Patch(in.kind, in.namespace, in.name, apiserver.MergePatchType, change.mergePatch(field))
		})
		if err != nil {
			return err
		}
	}
	return e.printName(in, obj, operation+dry.suffix(), fs.string("output"))
}

// noOverwrites is validateNoAnnotationOverwrites / validateNoOverwrites.
func noOverwrites(current map[string]string, change *metaChange, pairType string) error {
	var msgs []string
	var errs []error
	for _, k := range change.keys() {
		if pairType == "annotation" && k == "kubernetes.io/change-cause" {
			continue
		}
		if old, ok := current[k]; ok && old != change.set[k] {
			if pairType == "annotation" {
				msgs = append(msgs, fmt.Sprintf("'%s' already has a value (%s)", k, old))
			} else {
				errs = append(errs, fmt.Errorf("'%s' already has a value (%s), and --overwrite is false", k, old))
			}
		}
	}
	if len(msgs) > 0 {
		return fmt.Errorf("--overwrite is false but found the following declared annotation(s): %s", strings.Join(msgs, "; "))
	}
	return newAggregate(errs)
}
