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
// unchanged.
func runPatch(e *env, c *command, fs *flagSet, args []string) error {
	if err := checkOutput(fs); err != nil {
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
	for _, in := range r.infos {
		var obj api.Object
		if fs.string("subresource") == "status" {
			obj, err = e.cluster.Server().PatchStatus(in.kind, in.namespace, in.name, pt, patch)
		} else {
			obj, err = e.cluster.Server().Patch(in.kind, in.namespace, in.name, pt, patch)
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		operation := "patched"
		if obj.GetObjectMeta().ResourceVersion == in.obj.GetObjectMeta().ResourceVersion {
			operation = "patched (no change)"
		}
		if err := e.printName(in, obj, operation, fs.string("output")); err != nil {
			errs = append(errs, err)
		}
	}
	return newAggregate(errs)
}

// yamlToJSON is yaml.ToJSON: JSON passes through, YAML is converted.
func yamlToJSON(text string) ([]byte, error) {
	if json.Valid([]byte(text)) {
		return []byte(text), nil
	}
	return manifest.YAMLToJSON([]byte(text))
}
