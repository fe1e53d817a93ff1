package kubectl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// This file models `kubectl events` (staging/src/k8s.io/kubectl/pkg/cmd/
// events: events.go and event_printer.go). Unlike `get events` it sorts the
// events by when they last happened, names the object by its Kind
// ("Pod/web-1"), shows a repeated event's count in LAST SEEN and prints an
// EventList for -o json and -o yaml.

func init() {
	// NewCmdEvents' eventsLong and eventsExample, as the templater
	// normalises them (see helpText). The Use line is eventsUsage.
	helpTexts["kubectl events"] = helpText{
		long: "Display events.\n\n" +
			" Prints a table of the most important information about events. You can request events for a namespace, for all namespace, or filtered to only those pertaining to a specified resource.",
		example: "  # List recent events in the default namespace\n" +
			"  kubectl events\n" +
			"  \n" +
			"  # List recent events in all namespaces\n" +
			"  kubectl events --all-namespaces\n" +
			"  \n" +
			"  # List recent events for the specified pod, then wait for more events and list them as they arrive\n" +
			"  kubectl events --for pod/web-pod-13je7 --watch\n" +
			"  \n" +
			"  # List recent events in YAML format\n" +
			"  kubectl events -oyaml\n" +
			"  \n" +
			"  # List recent only events of type 'Warning' or 'Normal'\n" +
			"  kubectl events --types=Warning,Normal",
	}
}

// eventsUsage is NewCmdEvents' Use, with PrintFlags.AllowedFormats in its
// unsorted order (JSON/YAML, name, then the template formats).
const eventsUsage = "kubectl events [(-o|--output=)json|yaml|kyaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file] [--for TYPE/NAME] [--watch] [--types=Normal,Warning]"

// eventsOutputFormats are genericclioptions.PrintFlags' AllowedFormats as
// NoCompatiblePrinterError lists them (sorted); unlike get's there is no
// table format (wide) and no custom-columns.
var eventsOutputFormats = []string{"go-template", "go-template-file", "json", "jsonpath", "jsonpath-as-json",
	"jsonpath-file", "kyaml", "name", "template", "templatefile", "yaml"}

func eventsCommand() *command {
	return &command{name: "events", short: "List events", run: runEvents, usage: eventsUsage,
		flags: flags(outputFlag, templateFlags, allNSFlag,
			flagDef{name: "watch", shorthand: "w", kind: kindBool},
			flagDef{name: "for", kind: kindString},
			flagDef{name: "types", kind: kindStringSlice},
			flagDef{name: "no-headers", kind: kindBool},
			flagDef{name: "chunk-size", kind: kindInt64, def: "500"})}
}

// eventsOptions are EventsOptions after EventsFlags.ToOptions.
type eventsOptions struct {
	namespace string // "" with --all-namespaces
	allNS     bool
	types     []string
	forKind   *api.KindInfo
	forName   string
	output    string // "" (the EventPrinter), "json", "yaml" or "name"
	noHeaders bool
}

// runEvents is NewCmdEvents' Run: ToOptions, Validate, Run. Positional
// arguments are ignored, as upstream (the command declares no Args).
func runEvents(e *env, c *command, fs *flagSet, args []string) error {
	o := eventsOptions{namespace: e.namespace, allNS: fs.bool("all-namespaces"), noHeaders: fs.bool("no-headers")}
	if f := fs.string("for"); f != "" {
		k, name, found, err := decodeResourceTypeName(f)
		if err != nil {
			return err
		}
		if !found {
			return errors.New("--for must be in resource/name form")
		}
		o.forKind, o.forName = k, name
	}
	if types := fs.strings("types"); len(types) > 0 {
		// sets.List(sets.New(...)): deduplicated and sorted.
		o.types = append([]string{}, types...)
		sort.Strings(o.types)
		o.types = compactStrings(o.types)
	}
	output, err := eventsPrinter(fs)
	if err != nil {
		return err
	}
	o.output = output
	// Validate.
	for _, t := range o.types {
		if !strings.EqualFold(t, api.EventTypeNormal) && !strings.EqualFold(t, api.EventTypeWarning) {
			return errors.New("valid --types are Normal or Warning")
		}
	}
	if o.allNS {
		o.namespace = ""
	}
	if fs.bool("watch") {
		return e.watchEvents(o)
	}
	items, err := e.listEvents(o)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		if o.allNS {
			fmt.Fprintln(e.errOut, "No events found.")
		} else {
			fmt.Fprintf(e.errOut, "No events found in %s namespace.\n", e.namespace)
		}
		return nil
	}
	sort.Sort(sortableEvents(items))
	switch o.output {
	case "json":
		return writeEventList(e.out, items, true)
	case "yaml":
		return writeEventList(e.out, items, false)
	case "name":
		// NamePrinter refuses typed lists ("list types are not supported
		// by name printing: *v1.EventList") and Run ignores PrintObj's
		// error: nothing is printed and kubectl exits 0.
		return nil
	}
	w := printers.NewTabWriter(e.out)
	ep := eventPrinter{noHeaders: o.noHeaders, allNS: o.allNS, now: e.cluster.Now()}
	for _, ev := range items {
		ep.print(w, ev)
	}
	return w.Flush()
}

func compactStrings(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// eventsPrinter is PrintFlags.ToPrinter as ToOptions calls it (only when
// -o is set; the EventPrinter otherwise): json, yaml (and yml), name, or
// the template formats, which the playground does not print.
func eventsPrinter(fs *flagSet) (string, error) {
	output := fs.string("output")
	if output == "" && fs.string("template") != "" {
		output = "go-template" // --template without -o
	}
	if output == "" {
		return "", nil
	}
	switch strings.ToLower(output) {
	case "json":
		return "json", nil
	case "yaml", "yml":
		return "yaml", nil
	case "kyaml":
		return "", fmt.Errorf("-o kyaml: %w", printers.ErrUnsupportedFormat)
	}
	switch strings.ToLower(output) {
	case "name":
		return "name", nil
	}
	format, value, _ := strings.Cut(output, "=")
	switch format {
	case "go-template", "go-template-file", "template", "templatefile",
		"jsonpath", "jsonpath-file", "jsonpath-as-json":
		if value == "" && fs.string("template") == "" {
			return "", errors.New("template format specified but no template given")
		}
		return "", fmt.Errorf("-o %s: %w", format, printers.ErrUnsupportedFormat)
	}
	return "", fmt.Errorf("unable to match a printer suitable for the output format %q, allowed formats are: %s",
		output, strings.Join(eventsOutputFormats, ","))
}

// decodeResourceTypeName is events.go's decodeResourceTypeName: TYPE/NAME,
// the type resolved through the REST mapper (plural, singular or short
// name, TYPE.GROUP, TYPE.VERSION.GROUP). found is false without a slash.
func decodeResourceTypeName(s string) (k *api.KindInfo, name string, found bool, err error) {
	if !strings.Contains(s, "/") {
		return nil, "", false, nil
	}
	seg := strings.Split(s, "/")
	if len(seg) != 2 {
		return nil, "", false, errors.New("arguments in resource/name form may not have more than one slash")
	}
	resource := strings.ToLower(seg[0])
	k, err = resolveResourceType(resource)
	if err != nil {
		// The mapper's NoResourceMatchError for the GroupResource
		// (schema.ParseGroupResource), as cmdutil.CheckErr words it.
		res, group, _ := strings.Cut(resource, ".")
		if group != "" {
			return nil, "", false, fmt.Errorf("the server doesn't have a resource type %q in group %q", res, group)
		}
		return nil, "", false, fmt.Errorf("the server doesn't have a resource type %q", res)
	}
	return k, seg[1], true, nil
}

// eventSelector is Run's field selector for --for: the involved object's
// kind, apiVersion and name (fields.AndSelectors of OneTermEqualSelector).
func (o eventsOptions) eventSelector() string {
	if o.forName == "" {
		return ""
	}
	return "involvedObject.kind=" + o.forKind.Kind + ",involvedObject.apiVersion=" + o.forKind.APIVersion() +
		",involvedObject.name=" + o.forName
}

// filtered is filteredEventType: no --types lets every event through.
func (o eventsOptions) filtered(t string) bool {
	if len(o.types) == 0 {
		return true
	}
	for _, ft := range o.types {
		if strings.EqualFold(ft, t) {
			return true
		}
	}
	return false
}

// listEvents is Run's list (FollowContinue over chunks, in the server's
// order), filtered by --types.
func (e *env) listEvents(o eventsOptions) ([]*api.Event, error) {
	k := api.EventKind
	list, err := e.cluster.Server().ListWithOptions(k, o.namespace, apiserver.ListOptions{FieldSelector: o.eventSelector()})
	if err != nil {
		return nil, enhanceListError(err, selection{fieldSelector: o.eventSelector()}, k)
	}
	var items []*api.Event
	for _, obj := range list.Items {
		if ev, ok := obj.(*api.Event); ok && o.filtered(ev.Type) {
			items = append(items, ev)
		}
	}
	return items, nil
}

// sortableEvents is SortableEvents, sorted with sort.Sort as upstream, so
// events of the same second keep the order upstream's sort gives them from
// the same list.
type sortableEvents []*api.Event

func (l sortableEvents) Len() int           { return len(l) }
func (l sortableEvents) Swap(i, j int)      { l[i], l[j] = l[j], l[i] }
func (l sortableEvents) Less(i, j int) bool { return eventTime(l[i]).Before(eventTime(l[j])) }

// eventTime is events.go's eventTime: series.lastObservedTime, else
// lastTimestamp, else eventTime. The playground's events carry neither a
// series nor an eventTime (an events.k8s.io event is stored with its time
// in firstTimestamp), so firstTimestamp stands in for eventTime.
func eventTime(ev *api.Event) time.Time {
	if !ev.LastTimestamp.IsZero() {
		return ev.LastTimestamp.Time
	}
	return ev.FirstTimestamp.Time
}

// eventPrinter is event_printer.go's EventPrinter: the header once (unless
// --no-headers), then one row per event.
type eventPrinter struct {
	noHeaders, allNS bool
	now              time.Time
	headersPrinted   bool
}

func (p *eventPrinter) print(w io.Writer, ev *api.Event) {
	if !p.noHeaders && !p.headersPrinted {
		if p.allNS {
			io.WriteString(w, "NAMESPACE\t")
		}
		io.WriteString(w, "LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n")
		p.headersPrinted = true
	}
	if p.allNS {
		fmt.Fprintf(w, "%v\t", ev.Namespace)
	}
	esc := printers.EscapeTerminal
	fmt.Fprintf(w, "%s\t%s\t%s\t%s/%s\t%v\n", eventInterval(ev, p.now), esc(ev.Type), esc(ev.Reason),
		esc(ev.InvolvedObject.Kind), esc(ev.InvolvedObject.Name), esc(strings.TrimSpace(ev.Message)))
}

// eventInterval is getInterval: "<first>" for a single event, "<last> (xN
// over <first>)" for one seen N > 1 times, HumanDuration each.
func eventInterval(ev *api.Event, now time.Time) string {
	first := printers.Age(ev.FirstTimestamp, now)
	if ev.Count > 1 {
		return fmt.Sprintf("%s (x%d over %s)", printers.Age(ev.LastTimestamp, now), ev.Count, first)
	}
	return first
}

// eventJSON is a typed corev1.Event as encoding/json writes it: kind and
// apiVersion first (metav1.TypeMeta's order), then the fields in the
// struct's order, not sorted as the unstructured objects of `get -o json`.
func eventJSON(ev *api.Event) ([]byte, error) {
	cp := *ev
	cp.TypeMeta = api.TypeMeta{}
	body, err := json.Marshal(&cp)
	if err != nil {
		return nil, err
	}
	return append([]byte(`{"kind":"Event","apiVersion":"v1",`), body[1:]...), nil
}

// writeEventList prints Run's corev1.EventList: JSONPrinter indents the
// typed list (kind, apiVersion, an empty metadata, items); YAMLPrinter goes
// through JSON to YAML, so its keys are sorted.
func writeEventList(w io.Writer, items []*api.Event, asJSON bool) error {
	if !asJSON {
		objs := make([]api.Object, len(items))
		for i, ev := range items {
			objs[i] = ev
		}
		out, err := manifest.EncodeYAMLListOf("EventList", objs)
		if err != nil {
			return err
		}
		_, err = w.Write(out)
		return err
	}
	var raw bytes.Buffer
	raw.WriteString(`{"kind":"EventList","apiVersion":"v1","metadata":{},"items":[`)
	for i, ev := range items {
		if i > 0 {
			raw.WriteByte(',')
		}
		b, err := eventJSON(ev)
		if err != nil {
			return err
		}
		raw.Write(b)
	}
	raw.WriteString("]}")
	return writeIndentedJSON(w, raw.Bytes())
}

func writeIndentedJSON(w io.Writer, raw []byte) error {
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "    "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err := w.Write(out.Bytes())
	return err
}

// watchEvents is runWatch: a watch without a resourceVersion, which the
// server starts with the current events as ADDED, in its list order, then
// each write. DELETED events (expiry) are skipped; every other one that
// passes --types is printed and flushed on its own, so table rows are
// aligned one at a time (the first with the header). It ends as `get
// --watch` does here (watch.go: watchIdle, watchMax, --request-timeout).
func (e *env) watchEvents(o eventsOptions) error {
	k := api.EventKind
	s := e.cluster.Server()
	initial, err := e.listEvents(o)
	if err != nil {
		return err
	}
	w, err := s.Watch(apiserver.WatchOptions{Kinds: []*api.KindInfo{k}, Namespace: o.namespace,
		FieldSelector: o.eventSelector(), ResourceVersion: s.ResourceVersion()})
	if err != nil {
		return err
	}
	defer w.Stop()
	ep := eventPrinter{noHeaders: o.noHeaders, allNS: o.allNS}
	printed := 0
	print := func(ev *api.Event) error {
		switch o.output {
		case "json":
			b, err := eventJSON(ev)
			if err != nil {
				return err
			}
			return writeIndentedJSON(e.out, b)
		case "yaml":
			if printed > 0 {
				io.WriteString(e.out, "---\n")
			}
			printed++
			out, err := manifest.EncodeYAML(ev)
			if err != nil {
				return err
			}
			_, err = e.out.Write(out)
			return err
		case "name":
			_, err := fmt.Fprintf(e.out, "event/%s\n", ev.Name)
			return err
		}
		tw := printers.NewTabWriter(e.out)
		ep.now = e.cluster.Now()
		ep.print(tw, ev)
		return tw.Flush()
	}
	for _, ev := range initial {
		if err := print(ev); err != nil {
			return err
		}
	}
	return e.followWatch(w, func(we apiserver.Event) (bool, error) {
		ev, ok := we.Object.(*api.Event)
		if we.Type == apiserver.Deleted || we.Type == apiserver.Error || !ok || !o.filtered(ev.Type) {
			return false, nil
		}
		return true, print(ev)
	})
}
