package apply

import (
	"encoding/json"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/strategicpatch"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// patchSimple models Patcher.patchSimple: the three-way patch between the
// last-applied annotation, the new configuration and the live object, sent
// unless it is empty. It returns the patch and the object afterwards.
func patchSimple(s *apiserver.Server, k *api.KindInfo, live api.Object, modified []byte) ([]byte, api.Object, error) {
	current, err := json.Marshal(live)
	if err != nil {
		return nil, nil, err
	}
	var original []byte // util.GetOriginalConfiguration: nil without the annotation
	if a, ok := live.GetObjectMeta().Annotations[LastAppliedConfigAnnotation]; ok {
		original = []byte(a)
	}
	patch, err := strategicpatch.CreateThreeWayMergePatch(original, modified, current, k)
	if err != nil {
		return nil, nil, err
	}
	if string(patch) == "{}" {
		return patch, live, nil
	}
	m := live.GetObjectMeta()
	patched, err := s.Patch(k, m.Namespace, m.Name, apiserver.StrategicMergePatchType, patch)
	return patch, patched, err
}
