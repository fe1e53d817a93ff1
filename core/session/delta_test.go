package session

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestJSONDeltaPatchesToTheFullView walks a rollout tick by tick, as the page
// does, and checks that applying each view's pod patch to the pods received
// before gives exactly the pods of the full view.
func TestJSONDeltaPatchesToTheFullView(t *testing.T) {
	s := newSession(t, 1)
	rollout(t, s)
	type decoded struct {
		Tick     int64             `json:"tick"`
		Pods     []json.RawMessage `json:"pods"`
		PodPatch *struct {
			N   int                  `json:"n"`
			Set [][2]json.RawMessage `json:"set"`
		} `json:"podPatch"`
	}
	var base []*Pod
	var held []json.RawMessage
	patches := 0
	ticks := append([]int64{0, 1, 2}, s.Head(), s.Head()-1, s.Head()-1, 5, 6, 7, 8, 9, 10, 11, 12)
	for _, tick := range ticks {
		s.Jump(tick)
		v := s.View()
		data, patched, err := v.JSONDelta(base)
		if err != nil {
			t.Fatal(err)
		}
		var d decoded
		if err := json.Unmarshal(data, &d); err != nil {
			t.Fatalf("tick %d: %v\n%s", tick, err, data)
		}
		if patched != (d.PodPatch != nil) {
			t.Fatalf("tick %d: patched %v but podPatch %v", tick, patched, d.PodPatch)
		}
		if patched {
			patches++
			if d.Pods != nil || d.PodPatch.N != len(held) {
				t.Fatalf("tick %d: patch of %d pods over %d, pods %v", tick, d.PodPatch.N, len(held), d.Pods)
			}
			held = append([]json.RawMessage(nil), held...)
			for _, kv := range d.PodPatch.Set {
				var i int
				if err := json.Unmarshal(kv[0], &i); err != nil {
					t.Fatal(err)
				}
				held[i] = kv[1]
			}
		} else {
			held = d.Pods
		}
		full, err := v.JSON()
		if err != nil {
			t.Fatal(err)
		}
		var want decoded
		if err := json.Unmarshal(full, &want); err != nil {
			t.Fatal(err)
		}
		if len(held) != len(want.Pods) {
			t.Fatalf("tick %d: %d pods, want %d", tick, len(held), len(want.Pods))
		}
		for i := range held {
			var a, b any
			json.Unmarshal(held[i], &a)
			json.Unmarshal(want.Pods[i], &b)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("tick %d: pod %d is %s, want %s", tick, i, held[i], want.Pods[i])
			}
		}
		// Everything but the pods is as JSON sends it.
		var gotRest, wantRest map[string]any
		json.Unmarshal(data, &gotRest)
		json.Unmarshal(full, &wantRest)
		delete(gotRest, "pods")
		delete(gotRest, "podPatch")
		delete(wantRest, "pods")
		if !reflect.DeepEqual(gotRest, wantRest) {
			t.Errorf("tick %d: the rest of the view differs", tick)
		}
		base = v.Pods
	}
	if patches == 0 {
		t.Error("no view was sent as a patch")
	}
}

func TestJSONDeltaWithoutBaseIsJSON(t *testing.T) {
	s := newSession(t, 1)
	rollout(t, s)
	v := s.View()
	got, patched, err := v.JSONDelta(nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := v.JSON()
	if patched || string(got) != string(want) {
		t.Errorf("JSONDelta(nil) = %v, %.80s; want JSON", patched, got)
	}
	// The same pods: an empty patch.
	got, patched, err = v.JSONDelta(v.Pods)
	if err != nil || !patched {
		t.Fatalf("JSONDelta(same) = %v, %v", patched, err)
	}
	if len(got) >= len(want) && len(v.Pods) > 0 {
		t.Errorf("an empty patch is %d bytes, the full view %d", len(got), len(want))
	}
}
