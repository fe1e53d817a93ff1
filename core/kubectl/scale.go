package kubectl

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// runScale is `kubectl scale` (staging/src/k8s.io/kubectl/pkg/cmd/scale/
// scale.go): --replicas is required (cobra's "required flag(s)" error),
// --current-replicas and --resource-version are preconditions, and the new
// size goes through the object's scale subresource, which only
// Deployments and ReplicaSets have here. As upstream's RunScale, it prints
// the object as it was fetched, before the scale (-o yaml shows the old
// replicas), and a client dry run sends nothing.
func runScale(e *env, c *command, fs *flagSet, args []string) error {
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	replicas := fs.int("replicas")
	if replicas < 0 {
		return errors.New("The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0")
	}
	if err := checkOutput(fs); err != nil {
		return err
	}
	r, err := e.resolve(selection{args: args, filenames: fs.strings("filename"), selector: fs.string("selector"),
		all: fs.bool("all"), requireNames: true, latest: true})
	if err != nil {
		return err
	}
	if len(r.infos) == 0 && len(r.errs) == 0 {
		return errors.New("no objects passed to scale")
	}
	errs := r.errs
	for _, in := range r.infos {
		if err := e.scaleOne(in, fs, dry, int32(replicas)); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

func (e *env) scaleOne(in *info, fs *flagSet, dry dryRun, replicas int32) error {
	if dry == dryRunClient {
		return e.printName(in, in.obj, "scaled"+dry.suffix(), fs.string("output"))
	}
	var current *int32
	switch o := in.obj.(type) {
	case *api.Deployment:
		current = o.Spec.Replicas
	case *api.ReplicaSet:
		current = o.Spec.Replicas
	default:
		// No scale subresource: the API server answers 404.
		return &apiserver.StatusError{Code: 404, Reason: apiserver.ReasonNotFound,
			Message: "the server could not find the requested resource"}
	}
	if cr := fs.int("current-replicas"); cr >= 0 {
		have := int32(0)
		if current != nil {
			have = *current
		}
		if int64(have) != cr {
			return fmt.Errorf("Expected replicas to be %d, was %d", cr, have)
		}
	}
	if rv := fs.string("resource-version"); rv != "" && rv != in.obj.GetObjectMeta().ResourceVersion {
		return fmt.Errorf("Expected resourceVersion to be %s, was %s", rv, in.obj.GetObjectMeta().ResourceVersion)
	}
	patch := []byte(`{"spec":{"replicas":` + strconv.Itoa(int(replicas)) + `}}`)
	if _, err := e.write(dry, nil, func() (api.Object, error) {
		return e.cluster.Server().Patch(in.kind, in.namespace, in.name, apiserver.MergePatchType, patch)
	}); err != nil {
		return err
	}
	// --record's patch goes out even on a server dry run, as upstream's
	// RunScale sends it (MakeRecordMergePatch) without the dry-run flag.
	if e.fs.bool("record") {
		if _, patch, err := calculatePatch(in, func(o api.Object) error { e.record(o); return nil }); err == nil && !emptyPatch(patch) {
			e.sendPatch(in, patch)
		}
	}
	return e.printName(in, in.obj, "scaled"+dry.suffix(), fs.string("output"))
}
