package apply

import (
	"bytes"
	"encoding/json"

	"github.com/kubeplay/kubeplay/core/api/strategicpatch"
)

// LastAppliedConfigAnnotation is corev1.LastAppliedConfigAnnotation: where
// kubectl apply keeps the configuration it last applied.
const LastAppliedConfigAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// modifiedConfiguration models util.GetModifiedConfiguration (staging/src/
// k8s.io/kubectl/pkg/util/apply.go) for the unstructured object kubectl
// holds: the manifest with its annotations replaced by a copy without the
// last-applied annotation (an empty map if none are left, hence the
// familiar "annotations":{}), encoded by unstructured.UnstructuredJSONScheme
// (encoding/json's Encoder: compact, keys sorted, HTML escaped, a trailing
// newline). With annotate the result is embedded as the annotation and the
// object encoded again: that is the "modified" document of the three-way
// patch; without, it is the annotation itself (CreateApplyAnnotation).
//
// doc is not modified.
func modifiedConfiguration(doc map[string]any, annotate bool) ([]byte, error) {
	obj := shallowWithMetadata(doc)
	meta := obj["metadata"].(map[string]any)
	annots := stringMap(meta["annotations"])
	delete(annots, LastAppliedConfigAnnotation)
	meta["annotations"] = toAny(annots)
	modified, err := encodeUnstructured(obj)
	if err != nil || !annotate {
		return modified, err
	}
	annots[LastAppliedConfigAnnotation] = string(modified)
	meta["annotations"] = toAny(annots)
	return encodeUnstructured(obj)
}

// shallowWithMetadata copies doc and its metadata map, the only parts
// modifiedConfiguration changes.
func shallowWithMetadata(doc map[string]any) map[string]any {
	obj := make(map[string]any, len(doc)+1)
	for k, v := range doc {
		obj[k] = v
	}
	meta := map[string]any{}
	if m, ok := doc["metadata"].(map[string]any); ok {
		for k, v := range m {
			meta[k] = v
		}
	}
	obj["metadata"] = meta
	return obj
}

// stringMap is unstructured's GetAnnotations: the annotations as strings,
// or an empty map if they are missing or not all strings.
func stringMap(v any) map[string]string {
	out := map[string]string{}
	m, ok := v.(map[string]any)
	if !ok {
		return out
	}
	for k, x := range m {
		s, ok := x.(string)
		if !ok {
			return map[string]string{}
		}
		out[k] = s
	}
	return out
}

func toAny(m map[string]string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// encodeUnstructured is UnstructuredJSONScheme's encoder.
func encodeUnstructured(obj map[string]any) ([]byte, error) {
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(obj); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decodeUnstructured decodes a manifest's JSON as UnstructuredJSONScheme
// does (apimachinery util/json): integers as int64, other numbers float64.
func decodeUnstructured(data []byte) (map[string]any, error) {
	return strategicpatch.DecodeMap(data)
}

// CreateApplyAnnotation is the value util.CreateApplyAnnotation stores for
// create --save-config and replace --save-config: the manifest's
// configuration as apply would record it, computed from the object as the
// file gave it (so fields set to their zero value are kept), with the
// request namespace filled in as the resource builder does (namespace is
// "" for cluster-scoped kinds).
func CreateApplyAnnotation(manifest []byte, namespace string) (string, error) {
	doc, err := decodeUnstructured(manifest)
	if err != nil {
		return "", err
	}
	doc = shallowWithMetadata(doc)
	if meta := doc["metadata"].(map[string]any); namespace != "" && meta["namespace"] == nil {
		meta["namespace"] = namespace
	}
	raw, err := modifiedConfiguration(doc, false)
	return string(raw), err
}

// SetAnnotation returns the manifest with one annotation set, as kubectl
// changes the unstructured object it holds (ChangeCauseRecorder.Record for
// --record); the result is in UnstructuredJSONScheme's encoding.
func SetAnnotation(manifest []byte, key, value string) ([]byte, error) {
	doc, err := decodeUnstructured(manifest)
	if err != nil {
		return nil, err
	}
	obj := shallowWithMetadata(doc)
	meta := obj["metadata"].(map[string]any)
	annots, _ := meta["annotations"].(map[string]any)
	copied := make(map[string]any, len(annots)+1)
	for k, v := range annots {
		copied[k] = v
	}
	copied[key] = value
	meta["annotations"] = copied
	return encodeUnstructured(obj)
}
