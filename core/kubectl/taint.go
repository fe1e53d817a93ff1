package kubectl

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// This file is `kubectl taint` (staging/src/k8s.io/kubectl/pkg/cmd/taint:
// taint.go for Complete, Validate and RunTaint; utils.go for parsing the
// taint specs and computing the node's new taints).
//
// The write is upstream's: a strategic merge patch of the Node
// (CreateTwoWayMergePatch of the node before and after); spec.taints is an
// atomic list, so the patch carries the whole new list. --dry-run=server
// is computed here, as --dry-run=client is: the playground's API server
// has no dry-run writes, and the only check the server would add (taint
// validation) is the one parseTaints already made.

func taintCommand() *command {
	return &command{name: "taint", short: "Update the taints on one or more nodes", run: runTaint,
		usage: "kubectl taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N [options]",
		flags: flags(selectorFlag, allFlag, outputFlag, templateFlags, dryRunFlag, validateFlag,
			flagDef{name: "overwrite", kind: kindBool},
			flagDef{name: "field-manager", kind: kindString, def: "kubectl-taint"})}
}

// The help of NewCmdTaint: taintLong (with DNS1123SubdomainMaxLength and
// LabelValueMaxLength) and taintExample, as the templater renders them.
func init() {
	helpTexts["kubectl taint"] = helpText{
		long: "Update the taints on one or more nodes.\n\n" +
			"  *  A taint consists of a key, value, and effect. As an argument here, it is expressed as key=value:effect.\n" +
			"  *  The key must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 253 characters.\n" +
			"  *  Optionally, the key can begin with a DNS subdomain prefix and a single '/', like example.com/my-app.\n" +
			"  *  The value is optional. If given, it must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 63 characters.\n" +
			"  *  The effect must be NoSchedule, PreferNoSchedule or NoExecute.\n" +
			"  *  Currently taint can only apply to node.",
		example: "  # Update node 'foo' with a taint with key 'dedicated' and value 'special-user' and effect 'NoSchedule'\n" +
			"  # If a taint with that key and effect already exists, its value is replaced as specified\n" +
			"  kubectl taint nodes foo dedicated=special-user:NoSchedule\n" +
			"  \n" +
			"  # Remove from node 'foo' the taint with key 'dedicated' and effect 'NoSchedule' if one exists\n" +
			"  kubectl taint nodes foo dedicated:NoSchedule-\n" +
			"  \n" +
			"  # Remove from node 'foo' all the taints with key 'dedicated'\n" +
			"  kubectl taint nodes foo dedicated-\n" +
			"  \n" +
			"  # Add a taint with key 'dedicated' on nodes having label myLabel=X\n" +
			"  kubectl taint node -l myLabel=X  dedicated=foo:PreferNoSchedule\n" +
			"  \n" +
			"  # Add to node 'foo' a taint with key 'bar' and no value\n" +
			"  kubectl taint nodes foo bar:NoSchedule",
	}
}

// The operations the name printer reports (utils.go's MODIFIED, TAINTED,
// UNTAINTED).
const (
	taintModified  = "modified"
	taintTainted   = "tainted"
	taintUntainted = "untainted"
)

// taintOptions is TaintOptions after Complete.
type taintOptions struct {
	resources      []string
	taintsToAdd    []api.Taint
	taintsToRemove []api.Taint
	selector       string
	overwrite      bool
	all            bool
	output         string
	dry            dryRun
}

// runTaint is NewCmdTaint's Run: Complete, Validate, RunTaint.
func runTaint(e *env, c *command, fs *flagSet, args []string) error {
	o, err := completeTaint(c, fs, args)
	if err != nil {
		return err
	}
	if err := o.validate(); err != nil {
		return err
	}
	return e.runTaint(o)
}

// completeTaint is TaintOptions.Complete: the dry-run strategy, then the
// arguments split into resources and taint changes (a taint change holds
// "=" or ":" or ends in "-"), then the taint specs parsed.
func completeTaint(c *command, fs *flagSet, args []string) (*taintOptions, error) {
	o := &taintOptions{selector: fs.string("selector"), overwrite: fs.bool("overwrite"), all: fs.bool("all"),
		output: fs.string("output")}
	var err error
	if o.dry, err = getDryRunStrategy(fs); err != nil {
		return nil, err
	}
	var taintArgs []string
	metTaintArg := false
	for _, s := range args {
		isTaint := strings.Contains(s, "=") || strings.Contains(s, ":") || strings.HasSuffix(s, "-")
		switch {
		case isTaint:
			metTaintArg = true
			taintArgs = append(taintArgs, s)
		case !metTaintArg:
			o.resources = append(o.resources, s)
		default:
			return nil, fmt.Errorf("all resources must be specified before taint changes: %s", s)
		}
	}
	if len(o.resources) < 1 {
		return nil, errors.New("one or more resources must be specified as <resource> <name>")
	}
	if len(taintArgs) < 1 {
		return nil, errors.New("at least one taint update is required")
	}
	if o.taintsToAdd, o.taintsToRemove, err = parseTaints(taintArgs); err != nil {
		return nil, usageErrorf(c, "%s", err.Error())
	}
	return o, nil
}

// validate is TaintOptions.Validate: the resource type must map to Node
// (explain.SplitAndParseResourceRequest, so "node/node-1" is a type the
// server does not have), no taint may be both added and removed, and
// validateFlags.
func (o *taintOptions) validate() error {
	resourceType := strings.ToLower(o.resources[0])
	// splitDotNotation: what follows the first dot is a field path.
	head, _, _ := strings.Cut(strings.TrimSuffix(resourceType, "."), ".")
	k, ok := api.LookupResource(head)
	if !ok {
		// A *meta.NoResourceMatchError, which checkErr prints without the
		// "error: " prefix.
		return &exitCodeError{msg: fmt.Sprintf("the server doesn't have a resource type %q", head), code: 1}
	}
	if k.Kind != "Node" {
		return fmt.Errorf("invalid resource type %s, only node types are supported", resourceType)
	}
	var conflicts []string
	for _, add := range o.taintsToAdd {
		for _, remove := range o.taintsToRemove {
			if add.Key != remove.Key {
				continue
			}
			if remove.Effect == "" || add.Effect == remove.Effect {
				conflicts = append(conflicts, fmt.Sprintf("{\"%s\":\"%s\"}", remove.Key, remove.Effect))
			}
		}
	}
	if len(conflicts) > 0 {
		return fmt.Errorf("can not both modify and remove the following taint(s) in the same command: %s", strings.Join(conflicts, ", "))
	}
	// validateFlags
	if o.all && o.selector != "" {
		return errors.New("setting 'all' parameter with a non empty selector is prohibited")
	}
	if !o.all && o.selector == "" && len(o.resources) < 2 {
		return errors.New("at least one resource name must be specified since 'all' parameter is not set")
	}
	return nil
}

// runTaint is RunTaint. The builder asks for every node (--all), the
// nodes matching -l, or else the named nodes (names are ignored when -l or
// --all is given); it continues on error, so each node's failure is
// reported and the others are still tainted.
func (e *env) runTaint(o *taintOptions) error {
	nodeKind := api.KindOf(&api.Node{})
	var errs []error
	visit := func(obj api.Object) {
		if err := e.taintOne(o, &info{kind: nodeKind, name: obj.GetObjectMeta().Name, obj: obj}); err != nil {
			errs = append(errs, err)
		}
	}
	if o.all || o.selector != "" {
		r, err := e.resolve(selection{args: []string{"nodes"}, selector: o.selector, all: o.all, latest: true})
		if err != nil {
			return err
		}
		errs = append(errs, r.errs...)
		for _, in := range r.infos {
			visit(in.obj)
		}
	} else {
		// ResourceNames("node", ...), each fetched as it is visited
		// (Latest), so a node named twice sees the first change.
		for _, name := range o.resources[1:] {
			obj, err := e.cluster.Server().Get(nodeKind, "", name)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			visit(obj)
		}
	}
	return newAggregate(errs)
}

// taintOne is RunTaint's visitor for one node: updateTaints, the patch,
// the printer, then the PATCH (or, in a dry run, the patched object).
//
// The "(dry run)" suffix is lost, as upstream loses it: Complete applies
// PrintFlagsWithDryRunStrategy to the default operation, and ToPrinter
// then replaces the operation with tainted, untainted or modified.
func (e *env) taintOne(o *taintOptions, in *info) error {
	node := in.obj.(*api.Node)
	operation, newTaints, err := o.updateTaints(node)
	if err != nil {
		return err
	}
	_, patch, err := calculatePatch(in, func(obj api.Object) error {
		obj.(*api.Node).Spec.Taints = newTaints
		return nil
	})
	if err != nil {
		return err
	}
	if err := checkOutputFormat(o.output); err != nil {
		return err
	}
	if o.dry != dryRunNone {
		patched := node.DeepCopyObject().(*api.Node)
		patched.Spec.Taints = newTaints
		return e.printName(in, patched, operation, o.output)
	}
	obj, err := e.sendPatch(in, patch)
	if err != nil {
		return err
	}
	return e.printName(in, obj, operation, o.output)
}

// updateTaints is TaintOptions.updateTaints: without --overwrite no taint
// to add may share key and effect with one the node has; then
// reorganizeTaints.
func (o *taintOptions) updateTaints(node *api.Node) (string, []api.Taint, error) {
	if !o.overwrite {
		if exists := checkIfTaintsAlreadyExists(node.Spec.Taints, o.taintsToAdd); exists != "" {
			return "", nil, fmt.Errorf("node %s already has %v taint(s) with same effect(s) and --overwrite is false", node.Name, exists)
		}
	}
	operation, newTaints, errs := reorganizeTaints(node, o.overwrite, o.taintsToAdd, o.taintsToRemove)
	if err := newAggregate(errs); err != nil {
		return "", nil, err
	}
	return operation, newTaints, nil
}

// parseTaints is utils.go's parseTaints: "KEY[=VALUE]:EFFECT" adds a taint
// (an effect is required, and no two may share key and effect);
// "KEY[:EFFECT]-" removes the taints with that key (and effect).
func parseTaints(spec []string) ([]api.Taint, []api.Taint, error) {
	var taints, taintsToRemove []api.Taint
	unique := map[api.TaintEffect]map[string]bool{}
	for _, taintSpec := range spec {
		if strings.HasSuffix(taintSpec, "-") {
			t, err := parseTaint(strings.TrimSuffix(taintSpec, "-"))
			if err != nil {
				return nil, nil, err
			}
			taintsToRemove = append(taintsToRemove, api.Taint{Key: t.Key, Effect: t.Effect})
			continue
		}
		t, err := parseTaint(taintSpec)
		if err != nil {
			return nil, nil, err
		}
		if t.Effect == "" {
			return nil, nil, fmt.Errorf("invalid taint spec: %v", taintSpec)
		}
		if unique[t.Effect][t.Key] {
			// %v of a corev1.Taint value: {Key Value Effect TimeAdded}.
			return nil, nil, fmt.Errorf("duplicated taints with the same key and effect: {%s %s %s <nil>}", t.Key, t.Value, t.Effect)
		}
		if unique[t.Effect] == nil {
			unique[t.Effect] = map[string]bool{}
		}
		unique[t.Effect][t.Key] = true
		taints = append(taints, t)
	}
	return taints, taintsToRemove, nil
}

// parseTaint is utils.go's parseTaint: "KEY=VALUE:EFFECT", "KEY:EFFECT" or
// "KEY". The effect is checked first, then the value, then the key.
func parseTaint(st string) (api.Taint, error) {
	var key, value string
	var effect api.TaintEffect
	parts := strings.Split(st, ":")
	switch len(parts) {
	case 1:
		key = parts[0]
	case 2:
		effect = api.TaintEffect(parts[1])
		if err := validateTaintEffect(effect); err != nil {
			return api.Taint{}, err
		}
		partsKV := strings.Split(parts[0], "=")
		if len(partsKV) > 2 {
			return api.Taint{}, fmt.Errorf("invalid taint spec: %v", st)
		}
		key = partsKV[0]
		if len(partsKV) == 2 {
			value = partsKV[1]
			if errs := naming.IsValidLabelValue(value); len(errs) > 0 {
				return api.Taint{}, fmt.Errorf("invalid taint spec: %v, %s", st, strings.Join(errs, "; "))
			}
		}
	default:
		return api.Taint{}, fmt.Errorf("invalid taint spec: %v", st)
	}
	if errs := naming.IsQualifiedName(key); len(errs) > 0 {
		return api.Taint{}, fmt.Errorf("invalid taint spec: %v, %s", st, strings.Join(errs, "; "))
	}
	return api.Taint{Key: key, Value: value, Effect: effect}, nil
}

// validateTaintEffect is utils.go's validateTaintEffect.
func validateTaintEffect(effect api.TaintEffect) error {
	switch effect {
	case api.TaintEffectNoSchedule, api.TaintEffectPreferNoSchedule, api.TaintEffectNoExecute:
		return nil
	}
	return fmt.Errorf("invalid taint effect: %v, unsupported taint effect", effect)
}

// reorganizeTaints is utils.go's reorganizeTaints: the taints to add
// first, then the node's taints they do not replace, less the taints to
// remove. The operation is "modified" for --overwrite or an add with a
// removal, "tainted" for an add, else "untainted". Each removal that
// matched nothing is an error (`taint "KEY[:EFFECT]" not found`).
func reorganizeTaints(node *api.Node, overwrite bool, taintsToAdd, taintsToRemove []api.Taint) (string, []api.Taint, []error) {
	newTaints := append([]api.Taint{}, taintsToAdd...)
	added := addTaints(node.Spec.Taints, &newTaints)
	errs, deleted := deleteTaints(taintsToRemove, &newTaints)
	switch {
	case (added && deleted) || overwrite:
		return taintModified, newTaints, errs
	case added:
		return taintTainted, newTaints, errs
	}
	return taintUntainted, newTaints, errs
}

// deleteTaints is utils.go's deleteTaints. As upstream, whether anything
// was deleted is what the last removal reports.
func deleteTaints(taintsToRemove []api.Taint, newTaints *[]api.Taint) ([]error, bool) {
	var errs []error
	var removed bool
	for _, r := range taintsToRemove {
		*newTaints, removed = deleteTaintsMatching(*newTaints, func(t *api.Taint) bool {
			return t.Key == r.Key && (r.Effect == "" || t.Effect == r.Effect)
		})
		if !removed {
			errs = append(errs, fmt.Errorf("taint %q not found", taintString(r)))
		}
	}
	return errs, removed
}

// deleteTaintsMatching is deleteTaint (key and effect, MatchTaint) and
// deleteTaintsByKey (key alone) in one.
func deleteTaintsMatching(taints []api.Taint, match func(*api.Taint) bool) ([]api.Taint, bool) {
	out := []api.Taint{}
	for i := range taints {
		if !match(&taints[i]) {
			out = append(out, taints[i])
		}
	}
	return out, len(out) != len(taints)
}

// addTaints is utils.go's addTaints: the node's taints that no new taint
// matches (by key and effect) are kept after the new ones. It reports
// whether the count of taints changed.
func addTaints(oldTaints []api.Taint, newTaints *[]api.Taint) bool {
	for _, old := range oldTaints {
		exists := false
		for _, t := range *newTaints {
			if t.Key == old.Key && t.Effect == old.Effect {
				exists = true
				break
			}
		}
		if !exists {
			*newTaints = append(*newTaints, old)
		}
	}
	return len(oldTaints) != len(*newTaints)
}

// checkIfTaintsAlreadyExists is utils.go's function: the keys of the
// taints to add that the node has with the same effect, joined with ",".
func checkIfTaintsAlreadyExists(oldTaints, taints []api.Taint) string {
	var existing []string
	for _, t := range taints {
		for _, old := range oldTaints {
			if t.Key == old.Key && t.Effect == old.Effect {
				existing = append(existing, t.Key)
			}
		}
	}
	return strings.Join(existing, ",")
}

// taintString is corev1.Taint.ToString: "KEY", "KEY=VALUE:",
// "KEY:EFFECT" or "KEY=VALUE:EFFECT".
func taintString(t api.Taint) string {
	switch {
	case t.Effect == "" && t.Value == "":
		return t.Key
	case t.Effect == "":
		return t.Key + "=" + t.Value + ":"
	case t.Value == "":
		return t.Key + ":" + string(t.Effect)
	}
	return t.Key + "=" + t.Value + ":" + string(t.Effect)
}
