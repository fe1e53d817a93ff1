package kubectl

import (
	"errors"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// Bounds of `get --watch`, which upstream runs until interrupted: it ends
// once nothing it watches has changed for watchIdle, after watchMax in all,
// or when --request-timeout passes, whichever comes first.
const (
	watchIdle = 30 * time.Second
	watchMax  = 600 * time.Second
)

// watch is get's --watch / --watch-only path (GetOptions.watch): print the
// current objects (unless --watch-only), then one row per watch event, the
// object's state after the write (DELETED prints the last state). Columns
// never shrink (the tabwriter's remembered widths). The server filters
// the watch by -l and --field-selector (resource.Selector.Watch), so an
// object that stops matching arrives as DELETED with its last matching
// state, and one that starts matching as ADDED. --output-watch-events adds
// an EVENT column to tables and wraps each object of -o json and -o yaml
// in a WatchEvent (other outputs print the objects alone).
func (e *env) watch(fs *flagSet, sel selection) error {
	sel = sel.trimmed()
	r, err := e.resolve(sel)
	if err != nil {
		return err
	}
	if len(r.kinds) > 1 {
		return errors.New("you may only specify a single resource type")
	}
	if len(r.errs) > 0 {
		return r.errs[0]
	}
	var kind *api.KindInfo
	switch {
	case len(r.kinds) == 1:
		kind = r.kinds[0]
	case len(r.infos) > 0:
		kind = r.infos[0].kind
	default:
		return missingResourceError
	}
	names := map[string]bool{}
	if !r.listed {
		for _, in := range r.infos {
			names[in.name] = true
		}
	}
	var sl labels.Selector
	if sel.selector != "" {
		sl, _ = labels.Parse(sel.selector) // resolve has parsed it
	}
	ns := e.namespaceFor(kind)
	if sel.allNS {
		ns = ""
	}
	s := e.cluster.Server()
	w, err := s.Watch(apiserver.WatchOptions{Kinds: []*api.KindInfo{kind}, Namespace: ns, LabelSelector: sl,
		FieldSelector: sel.fieldSelector, ResourceVersion: s.ResourceVersion()})
	if err != nil {
		return err
	}
	defer w.Stop()

	output := fs.string("output")
	opts := e.outputOptions(fs, sel.allNS)
	opts.Wide = output == "wide"
	table := output == "" || output == "wide"
	wp := printers.NewWatchPrinter(e.out, opts.TableOptions)
	withEvents := fs.bool("output-watch-events")
	printed := 0
	print := func(objs []api.Object, typ apiserver.EventType) error {
		if len(objs) == 0 {
			return nil
		}
		if !withEvents {
			typ = ""
		}
		if table {
			return wp.PrintEvent(objs, e.cluster.Now(), string(typ))
		}
		for _, obj := range objs {
			if err := printers.PrintWatched(e.out, obj, string(typ), printed, output, opts); err != nil {
				return err
			}
			printed++
		}
		return nil
	}
	if !fs.bool("watch-only") {
		objs := make([]api.Object, len(r.infos))
		for i, in := range r.infos {
			objs[i] = in.obj
		}
		// Listed objects count as ADDED events.
		if err := print(objs, apiserver.Added); err != nil {
			return err
		}
	}
	return e.followWatch(w, func(ev apiserver.Event) (bool, error) {
		if ev.Type == apiserver.Error || ev.Object == nil {
			return false, nil
		}
		m := ev.Object.GetObjectMeta()
		if len(names) > 0 && !names[m.Name] {
			return false, nil
		}
		return true, print([]api.Object{ev.Object}, ev.Type)
	})
}

// followWatch hands each event of w to handle, letting simulated time
// pass, until the watch's bounds end it: watchIdle without an event handle
// printed, watchMax (or Input.MaxWait) in all, or --request-timeout.
func (e *env) followWatch(w *apiserver.Watcher, handle func(apiserver.Event) (printed bool, err error)) error {
	limit := e.limit(watchMax)
	if e.requestTimeout > 0 {
		limit = min(limit, time.Duration(e.requestTimeout)*time.Second)
	}
	lastChange := e.cluster.Now()
	_, err := e.poll(limit, func() (bool, error) {
		for _, ev := range w.Drain() {
			printed, err := handle(ev)
			if err != nil {
				return true, err
			}
			if printed {
				lastChange = e.cluster.Now()
			}
		}
		return e.cluster.Now().Sub(lastChange) >= watchIdle, nil
	})
	return err
}
