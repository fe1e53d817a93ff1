package kubectl

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// runPatch is `kubectl patch` (staging/src/k8s.io/kubectl/pkg/cmd/patch/
// patch.go): -p in YAML or JSON, --type strategic (default), merge or
// json; "patched", or "patched (no change)" when the object came back
// unchanged. A client dry run applies the patch to the fetched object on
// kubectl's side (getPatchedJSON) and sends nothing.
func runPatch(e *env, c *command, fs *flagSet, args []string) error {
	if err := checkOutput(fs); err != nil {
		return err
	}
	dry, err := getDryRunStrategy(fs)
	if err != nil {
		return err
	}
	types := map[string]apiserver.PatchType{"json": apiserver.JSONPatchType, "merge": apiserver.MergePatchType,
		"strategic": apiserver.StrategicMergePatchType}
	pt, ok := types[fs.string("type")]
	if !ok {
		return fmt.Errorf("--type must be one of [json merge strategic], not %q", fs.string("type"))
	}
	patchText := fs.string("patch")
	if name := fs.string("patch-file"); name != "" {
		text, ok := e.in.Files[name]
		if !ok {
			return fmt.Errorf("unable to read patch file: open %s: no such file or directory", name)
		}
		patchText = text
	}
	if patchText == "" {
		return errors.New("must specify --patch or --patch-file containing the contents of the patch")
	}
	patch, err := yamlToJSON(patchText)
	if err != nil {
		return fmt.Errorf("unable to parse %q: %v", patchText, err)
	}
	if fs.bool("local") {
		return errors.New("--local is not available in the playground")
	}
	r, err := e.resolve(selection{args: args, filenames: fs.strings("filename"), latest: true})
	if err != nil {
		return err
	}
	errs := r.errs
	s := e.cluster.Server()
	for _, in := range r.infos {
		obj, err := e.write(dry, func() (api.Object, error) {
			return s.PatchedCopy(in.kind, in.obj, pt, patch)
		}, func() (api.Object, error) {
			if fs.string("subresource") == "status" {
				return s.PatchStatus(in.kind, in.namespace, in.name, pt, patch)
			}
			return s.Patch(in.kind, in.namespace, in.name, pt, patch)
		})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		// didPatch: the object came back different from the one fetched
		// (reflect.DeepEqual upstream; a dry run keeps the resourceVersion).
		operation := "patched"
		if sameJSON(obj, in.obj) {
			operation = "patched (no change)"
		}
		if err := e.printName(in, obj, operation+dry.suffix(), fs.string("output")); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

// yamlToJSON is yaml.ToJSON: JSON passes through, YAML is converted. JSON
// nested deeper than the manifest decoder allows goes through the YAML
// converter too, which refuses it with the line and the limit: the patch
// functions recurse once per level.
func yamlToJSON(text string) ([]byte, error) {
	if json.Valid([]byte(text)) && manifest.JSONDepth([]byte(text)) <= manifest.MaxDepth {
		return []byte(text), nil
	}
	return manifest.YAMLToJSON([]byte(text))
}

// sameJSON reports whether two objects encode the same.
func sameJSON(a, b api.Object) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
